import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// A layout file as the board renderer takes it: read into a plan (paths resolved, ranges and
/// the background checked), and a plan written back as the printed layout.
extension BoardLayoutFile {
    /// Reads the file at `path` into a plan, or throws a problem naming the file and the key (a
    /// file that cannot be read at all is `unreadable`).
    package static func read(_ path: String) throws(BatchProblem) -> BoardPlan {
        let data = try FileContents.read(path, what: "layout")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            return try parse(data, folder: folder)
        } catch {
            throw BatchProblem(path, error.description)
        }
    }

    /// Reads layout JSON whose relative paths start in `folder`.
    package static func parse(_ data: Data, folder: String) throws(BoardFieldError) -> BoardPlan {
        try decode(data).plan(folder: folder)
    }

    /// The plan this layout describes, relative paths starting in `folder`.
    package func plan(folder: String) throws(BoardFieldError) -> BoardPlan {
        var plan = BoardPlan(board: board, photos: photos.map { Self.photo($0, folder: folder) })
        if let cardWidth {
            plan.cardWidth = CGFloat(try Self.checked(cardWidth, "cardWidth", in: BoardOverrides.cardWidths))
        }
        if let scale { plan.scale = try Self.checked(scale, "scale", in: BoardPlan.scales) }
        if let spec = background {
            guard let background = BoardBackground.parse(spec, relativeTo: folder.isEmpty ? nil : folder) else {
                throw BoardFieldError(
                    "background", "'\(spec)' is not a colour, TOP:BOTTOM or an image path (\(ColourGrammar.expected))")
            }
            plan.background = background
        }
        plan.offsets = offsets
        plan.stacking = stacking
        plan.dragging = dragging.map { BoardDrag(id: $0.id, translation: $0.translation) }
        if let reduceMotion { plan.reduceMotion = reduceMotion }
        return plan
    }

    /// The printed layout of `plan` written to `output`: the result, then the inputs with absolute paths.
    package init(plan: BoardPlan, output: String) {
        self.init(
            board: plan.board,
            photos: plan.photos.map {
                BoardLayoutPhoto(id: $0.id, path: URL(fileURLWithPath: $0.path).standardized.path, caption: $0.caption)
            })
        printed = BoardLayoutPrinted(
            output: output, card: plan.cardSize, drawnCard: plan.drawnSize,
            cards: plan.cards.map {
                BoardLayoutCard(
                    id: $0.id, index: $0.index, center: $0.center, angle: $0.angle, scale: Double($0.pose.scale),
                    lifted: $0.pose.lifted, depth: $0.depth)
            })
        scale = plan.scale
        cardWidth = Double(plan.cardWidth)
        background = plan.background.spec
        offsets = plan.offsets
        stacking = plan.stacking
        dragging = plan.dragging.map { BoardLayoutDrag(id: $0.id, translation: $0.translation) }
        reduceMotion = plan.reduceMotion
    }

    /// A photo entry with its path resolved against `folder` (kept as written when `folder` is
    /// empty: the working folder's) and its caption defaulted to the stem.
    private static func photo(_ entry: BoardLayoutPhoto, folder: String) -> BoardPhoto {
        let path =
            entry.path.hasPrefix("/") || folder.isEmpty
            ? entry.path : URL(fileURLWithPath: folder).appendingPathComponent(entry.path).standardized.path
        return BoardPhoto(id: entry.id, path: path, caption: entry.caption ?? BoardPhoto.stem(of: entry.path))
    }

    /// `value` of key `field` when it is within `range`.
    private static func checked(
        _ value: Double, _ field: String, in range: ClosedRange<Double>
    ) throws(BoardFieldError) -> Double {
        guard range.contains(value) else {
            throw BoardFieldError(
                field, "\(NumberText.short(value)) is not a number \(range.described)")
        }
        return value
    }
}
