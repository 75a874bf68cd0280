import Foundation
import LightboxArguments
import LightboxGeometry
import LightboxRender

/// The checked options of `lightbox board`; every problem is a usage error naming the option.
package struct BoardOptions: Sendable {
    /// Where the photos come from: the command line, or a layout file read when the command runs.
    package enum Source: Sendable {
        /// Photos, captions and board given as arguments.
        case arguments(BoardPlan)
        /// A layout file, with the options given beside it overriding its values.
        case layout(path: String)
    }

    package let source: Source

    /// The board image (`-o`); empty for a dry run without one.
    package let output: String
    package let save: SaveOptions
    package let overrides: BoardOverrides
    package let placeholder: Bool
    /// `--max-failures`: photos that may fail with the exit still 0; nil for none.
    package let maxFailures: FailureBudget?
    package let limits: CardPhoto.Limits
    package let dryRun: Bool
    /// `--json`: one line describing what was drawn.
    package let json: Bool
    /// `--jobs`: photos decoded at once, one worker process each.
    package let jobs: Int
    package let printLayout: String?

    /// `--layout file`.
    package static let layout = Option<String>(
        "layout", valueName: "file", help: "Read board, photos, offsets and stacking from a JSON layout file.")
    /// `--captions A,B,...`.
    package static let captions = Option<String>(
        "captions", valueName: "A,B,...",
        help: "One caption per input, comma-separated (default: file names without extension).")
    /// `--id A,B,...`.
    package static let ids = Option<String>(
        "id", valueName: "A,B,...",
        help:
            "One card id per input, comma-separated, for --dragging and layouts (default: the path; a path given again is path#2, path#3...)."
    )
    /// `--placeholder`.
    package static let placeholder = Flag(
        "placeholder", help: "Draw an empty card for a photo that cannot be read (warning, exit 0).")
    /// `--print-layout file`.
    package static let printLayout = Option<String>(
        "print-layout", valueName: "file",
        help: "Also write the layout as JSON to file, or - for standard output (feed it back with --layout).")

    /// Every option of `board`, in the order help lists them.
    package static let declared: [any OptionDeclaration] =
        [
            layout, captions, ids, BoardOverrides.size,
            DeviceOptions.device.help("The board is this device's screen: its size and scale (see DEVICES)."),
            BoardOverrides.cardWidth, BoardOverrides.scale, BoardOverrides.background,
            OutputOptions.output.help("The board image to write (not needed with --dry-run)."),
            BoardOverrides.dragging,
            BoardOverrides.reduceMotion, placeholder,
            BatchOptions.maxFailures.help(
                "Exit 0 when at most N photos (or P% of the board's photos) cannot be read; each is still an error and its card left out (default 0)."
            ),
            OutputOptions.dryRun.help("Write no image; print the layout as one JSON line."),
            OutputOptions.json.help(
                "Print one JSON line after drawing: output, size, cards, skipped photos, status."),
            printLayout, OutputOptions.force.help("Replace existing outputs."),
            BatchOptions.jobs.help("Photos decoded at once, each in its own worker (default: the number of cores)."),
        ] + ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared

    /// Reads `parsed`, throwing a usage error for the first bad value.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        dryRun = parsed.flag(OutputOptions.dryRun)
        // A dry run draws nothing, so it needs no output name (as view's does not).
        let name = try ReadWriteOptions.output(parsed)
        guard name != nil || dryRun else { throw parsed.error("missing option '-o <output>' (or --dry-run)") }
        output = name?.path ?? ""
        let stream = try ReadWriteOptions.streamFormat(output: output, parsed)
        if stream == nil, !output.isEmpty, let problem = OutputFormat.problem(with: output) {
            throw parsed.error("-o '\(output)': \(problem)")
        }
        overrides = try BoardOverrides(parsed)
        let readWrite = try ReadWriteOptions(parsed)
        save = readWrite.save(name, stream: stream, force: parsed.flag(OutputOptions.force))
        if let quality = readWrite.quality, !output.isEmpty, let format = save.format(of: output), !format.takesQuality
        {
            throw parsed.error(
                "--quality \(quality): a .\(format.fileExtension) output takes no quality (it is lossless)")
        }
        placeholder = parsed.flag(Self.placeholder)
        maxFailures = try parsed.value(BatchOptions.maxFailures)
        limits = CardPhoto.Limits(failOn: readWrite.failOn, maxPixels: readWrite.maxPixels)
        json = parsed.flag(OutputOptions.json)
        jobs = try parsed.value(BatchOptions.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
        printLayout = parsed.text(Self.printLayout)
        if printLayout == OutputPath.standardOutput && output == OutputPath.standardOutput {
            throw parsed.error("--print-layout - and -o - would both write to standard output")
        }
        if let layout = parsed.text(Self.layout) {
            if let first = parsed.positionals.first {
                throw parsed.error("unexpected argument '\(first)': --layout names the photos")
            }
            try parsed.refuse([Self.captions, Self.ids], with: "--layout")
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
        let ids = try cardIDs(parsed, inputs: inputs)
        let photos = zip(zip(ids, inputs), captions).map { BoardPhoto(id: $0.0, path: $0.1, caption: $1) }
        if let dragging = overrides.dragging, !ids.contains(dragging.id) {
            let listed = ids.prefix(10).joined(separator: ", ") + (ids.count > 10 ? ", ..." : "")
            throw parsed.error("--dragging '\(dragging.id)': no card has this id (the ids are \(listed))")
        }
        return overrides.applied(to: BoardPlan(board: .zero, photos: photos))
    }

    /// Each input's card id: `--id`'s, else the path, `path#2` for a path given a second time...
    private static func cardIDs(_ parsed: ParsedCommand, inputs: [String]) throws(UsageError) -> [String] {
        var given = [String?](repeating: nil, count: inputs.count)
        if let text = parsed.text(Self.ids) {
            let listed = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard listed.count == inputs.count else {
                throw parsed.error("--id '\(text)': \(listed.count) ids for \(inputs.count) inputs")
            }
            if listed.contains("") { throw parsed.error("--id '\(text)': an empty id") }
            given = listed
        }
        let ids = CardID.resolved(paths: inputs, given: given)
        if let twice = CardID.firstDuplicate(in: ids) {
            throw parsed.error(
                "inputs \(twice.first + 1) and \(twice.second + 1) would both be the card '\(twice.id)'; give each its own with --id"
            )
        }
        return ids
    }
}
