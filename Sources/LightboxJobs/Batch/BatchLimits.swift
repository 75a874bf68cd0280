import LightboxArguments
import LightboxFormats
import LightboxRender

/// What one line or one job of `lightbox batch` may ask of the supervisor, which no memory limit
/// bounds (each worker has `--max-memory`; the supervisor reads the lines, plans the jobs and
/// draws the boards): a longer line, a job with more rects, a board with more photos or more
/// output bytes is answered failed before anything is done. With these defaults the supervisor
/// stays under 256 MB whatever it is sent (docs/reliability.md, `BatchLimitTests`).
package struct BatchLimits: Sendable {
    /// The longest line read, in bytes: a job of a thousand rects takes about 100 KB.
    package static let defaultLine = 1 << 20
    /// The most rects a crop job may list under `crops`.
    package static let defaultRects = 1000
    /// The most photos a board job may have.
    package static let defaultPhotos = 500
    /// The most bytes a board's output pixels may take (width x height x 3): 100 MB is a 6000x4800 board.
    package static let defaultBoardBytes = 100_000_000
    /// The memory the cards of every board drawn at once may take in the supervisor
    /// (`BoardPlan.drawingBytes`): boards that fit together are drawn side by side, others wait,
    /// and a board that alone needs more is refused.
    package static let drawingBudget = 100.0 * 1_000_000

    /// The most JSON values a line may hold (objects, arrays, keys, elements): a job of a thousand
    /// rects holds about 10,000, and a megabyte of `{},{},...` would build 350,000 objects (107 MB).
    package static let values = 100_000

    /// `--max-line BYTES`.
    package static let maxLine = Option<Int>(
        "max-line", valueName: "BYTES",
        help: "Answer a longer job line as failed, read past in constant memory (default \(defaultLine)).",
        in: 64...(1 << 30))
    /// `--max-rects N`.
    package static let maxRects = Option<Int>(
        "max-rects", valueName: "N", help: "The most rects one crop job may list (default \(defaultRects)).",
        in: 1...1_000_000)
    /// `--max-photos N`.
    package static let maxPhotos = Option<Int>(
        "max-photos", valueName: "N", help: "The most photos one board job may have (default \(defaultPhotos)).",
        in: 1...100_000)
    /// `--max-board-bytes BYTES`.
    package static let maxBoardBytes = Option<Int>(
        "max-board-bytes", valueName: "BYTES",
        help: "The most bytes a board's pixels may take, width x height x 3 (default \(defaultBoardBytes)).",
        in: 1...(1 << 40))

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [maxLine, maxRects, maxPhotos, maxBoardBytes]

    /// The longest line, in bytes.
    package let line: Int
    /// The most rects of one crop job.
    package let rects: Int
    /// The most photos of one board.
    package let photos: Int
    /// The most bytes of one board's output pixels.
    package let boardBytes: Int

    /// Limits as given.
    package init(
        line: Int = defaultLine, rects: Int = defaultRects, photos: Int = defaultPhotos,
        boardBytes: Int = defaultBoardBytes
    ) {
        self.line = line
        self.rects = rects
        self.photos = photos
        self.boardBytes = boardBytes
    }

    /// Reads the group from the command line.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        self.init(
            line: try parsed.value(Self.maxLine, default: Self.defaultLine),
            rects: try parsed.value(Self.maxRects, default: Self.defaultRects),
            photos: try parsed.value(Self.maxPhotos, default: Self.defaultPhotos),
            boardBytes: try parsed.value(Self.maxBoardBytes, default: Self.defaultBoardBytes))
    }

    /// Why the board `plan` is too big for the server, or nil.
    package func problem(board plan: BoardPlan) -> String? {
        if plan.photos.count > photos { return "\(plan.photos.count) photos; at most \(photos) (--max-photos)" }
        if plan.outputBytes > Double(boardBytes) {
            let size = plan.pixelSize
            return "\(size.width)x\(size.height) pixels are \(Int(plan.outputBytes)) bytes; at most \(boardBytes) "
                + "(--max-board-bytes)"
        }
        if plan.drawingBytes > BatchLimits.drawingBudget {
            let megabytes = Int((plan.drawingBytes / 1e6).rounded(.up))
            return "its cards need about \(megabytes) MB to draw in the server; at most "
                + "\(Int(BatchLimits.drawingBudget / 1e6)) MB (fewer photos, or a smaller cardWidth or scale)"
        }
        return nil
    }
}
