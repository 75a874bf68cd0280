import Foundation
import LightboxGeometry
import LightboxRender

/// The checked options of `lightbox board`; every problem is a usage error naming the option.
struct BoardOptions: Sendable {
    /// Where the photos come from: the command line, or a layout file read when the command runs.
    enum Source: Sendable {
        /// Photos, captions and board given as arguments.
        case arguments(BoardPlan)
        /// A layout file, with the options given beside it overriding its values.
        case layout(path: String)
    }

    let source: Source
    let output: String
    let save: SaveOptions
    let overrides: BoardOverrides
    let placeholder: Bool
    let limits: CardPhoto.Limits
    let dryRun: Bool
    /// `--json`: one line describing what was drawn.
    let json: Bool
    let printLayout: String?

    /// `--layout file`.
    static let layout = Option<String>(
        "layout", valueName: "file", help: "Read board, photos, offsets and stacking from a JSON layout file.")
    /// `--captions A,B,...`.
    static let captions = Option<String>(
        "captions", valueName: "A,B,...",
        help: "One caption per input, comma-separated (default: file names without extension).")
    /// `--placeholder`.
    static let placeholder = Flag(
        "placeholder", help: "Draw an empty card for a photo that cannot be read (warning, exit 0).")
    /// `--print-layout file`.
    static let printLayout = Option<String>(
        "print-layout", valueName: "file",
        help: "Also write the layout as JSON to file, or - for standard output (feed it back with --layout).")

    /// Every option of `board`, in the order help lists them.
    static let declared: [any OptionDeclaration] =
        [
            layout, captions, BoardOverrides.size,
            DeviceOptions.device.help("The board is this device's screen: its size and scale (see DEVICES)."),
            BoardOverrides.cardWidth, BoardOverrides.scale, BoardOverrides.background,
            OutputOptions.output.help("The board image to write.").required, BoardOverrides.dragging,
            BoardOverrides.reduceMotion, placeholder,
            OutputOptions.dryRun.help("Write no image; print the layout as one JSON line."),
            OutputOptions.json.help(
                "Print one JSON line after drawing: output, size, cards, skipped photos, status."),
            printLayout, OutputOptions.force.help("Replace existing outputs."),
        ] + ReadWriteOptions.declared + [WorkerOptions.option]

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let name = try ReadWriteOptions.output(parsed)
        output = name?.path ?? ""
        let stream = try ReadWriteOptions.streamFormat(output: output, parsed)
        if stream == nil, let problem = OutputFormat.problem(with: output) {
            throw parsed.error("-o '\(output)': \(problem)")
        }
        overrides = try BoardOverrides(parsed)
        let readWrite = try ReadWriteOptions(parsed)
        save = readWrite.save(name, stream: stream, force: parsed.flag(OutputOptions.force))
        placeholder = parsed.flag(Self.placeholder)
        limits = CardPhoto.Limits(failOn: readWrite.failOn, maxPixels: readWrite.maxPixels)
        dryRun = parsed.flag(OutputOptions.dryRun)
        json = parsed.flag(OutputOptions.json)
        printLayout = parsed.text(Self.printLayout)
        if printLayout == OutputPath.standardOutput && output == OutputPath.standardOutput {
            throw parsed.error("--print-layout - and -o - would both write to standard output")
        }
        if let layout = parsed.text(Self.layout) {
            if let first = parsed.positionals.first {
                throw parsed.error("unexpected argument '\(first)': --layout names the photos")
            }
            try parsed.refuse([Self.captions], with: "--layout")
            source = .layout(path: layout)
        } else {
            source = .arguments(try BoardOptions.plan(parsed, overrides: overrides))
        }
    }

    /// The plan given on the command line: inputs, captions, `--size` and the other overrides.
    private static func plan(_ parsed: ParsedCommand, overrides: BoardOverrides) throws(UsageError) -> BoardPlan {
        let inputs = try StandardInput.resolve(parsed.positionals, path: parsed.path)
        guard !inputs.isEmpty else { throw parsed.error("missing argument '<input>' (or --layout FILE)") }
        guard overrides.board != nil else { throw parsed.error("missing option '--size <WxH>' (or --device NAME)") }
        var captions = inputs.map(BoardPhoto.stem(of:))
        if let text = parsed.text(Self.captions) {
            let given = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard given.count == inputs.count else {
                throw parsed.error("--captions '\(text)': \(given.count) captions for \(inputs.count) inputs")
            }
            captions = given
        }
        let photos = zip(inputs, captions).map { BoardPhoto(id: $0.0, path: $0.0, caption: $0.1) }
        if let duplicate = BoardPhoto.firstDuplicate(in: photos) {
            throw parsed.error("input '\(duplicate.id)' given twice (each input is a card whose id is its path)")
        }
        if let dragging = overrides.dragging, !photos.contains(where: { $0.id == dragging.id }) {
            throw parsed.error("--dragging '\(dragging.id)': no input has this id")
        }
        return overrides.applied(to: BoardPlan(board: .zero, photos: photos))
    }
}
