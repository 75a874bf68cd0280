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

    /// The command's path, for usage errors.
    static let path = ["lightbox", "board"]

    /// The largest scale, in pixels per point.
    static let maximumScale = 8.0

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let reader = OptionReader(parsed, path: BoardOptions.path)
        let name = try ReadWriteOptions.output(parsed.value("output"), reader: reader)
        output = name?.path ?? ""
        let stream = try ReadWriteOptions.streamFormat(output: output, reader)
        guard stream != nil || OutputFormat(extension: URL(fileURLWithPath: output).pathExtension) != nil else {
            throw BoardOptions.usage("-o '\(output)': unsupported format (use \(OutputFormat.extensions))")
        }
        overrides = try BoardOverrides(parsed)
        var save = SaveOptions(
            quality: try ReadWriteOptions.quality(reader), strip: true, stripICC: true, force: parsed.flag("force"))
        save.saverOptions = name?.options
        save.streamFormat = stream
        self.save = save
        placeholder = parsed.flag("placeholder")
        limits = CardPhoto.Limits(
            failOn: try ReadWriteOptions.failOn(reader), maxPixels: try ReadWriteOptions.maxPixels(reader)
        )
        dryRun = parsed.flag("dry-run")
        json = parsed.flag("json")
        printLayout = parsed.value("print-layout")
        if printLayout == OutputPath.standardOutput && output == OutputPath.standardOutput {
            throw BoardOptions.usage("--print-layout - and -o - would both write to standard output")
        }
        if let layout = parsed.value("layout") {
            if let first = parsed.positionals.first {
                throw BoardOptions.usage("unexpected argument '\(first)': --layout names the photos")
            }
            if parsed.has("captions") { throw BoardOptions.usage("--captions does not go with --layout") }
            source = .layout(path: layout)
        } else {
            source = .arguments(try BoardOptions.plan(parsed, overrides: overrides))
        }
    }

    /// The plan given on the command line: inputs, captions, `--size` and the other overrides.
    private static func plan(_ parsed: ParsedCommand, overrides: BoardOverrides) throws(UsageError) -> BoardPlan {
        let inputs = try StandardInput.resolve(parsed.positionals, path: path)
        guard !inputs.isEmpty else { throw usage("missing argument '<input>' (or --layout FILE)") }
        guard overrides.board != nil else { throw usage("missing option '--size <WxH>' (or --device NAME)") }
        var captions = inputs.map(BoardPhoto.stem(of:))
        if let text = parsed.value("captions") {
            let given = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard given.count == inputs.count else {
                throw usage("--captions '\(text)': \(given.count) captions for \(inputs.count) inputs")
            }
            captions = given
        }
        let photos = zip(inputs, captions).map { BoardPhoto(id: $0.0, path: $0.0, caption: $0.1) }
        if let duplicate = BoardPhoto.firstDuplicate(in: photos) {
            throw usage("input '\(duplicate.id)' given twice (each input is a card whose id is its path)")
        }
        if let dragging = overrides.dragging, !photos.contains(where: { $0.id == dragging.id }) {
            throw usage("--dragging '\(dragging.id)': no input has this id")
        }
        return overrides.applied(to: BoardPlan(board: .zero, photos: photos))
    }

    /// A usage error for `lightbox board`.
    static func usage(_ message: String) -> UsageError {
        UsageError(message, commandPath: path)
    }
}
