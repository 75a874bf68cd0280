import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// Builds a viewer job from its fields, the one set of checks for every door: the command line,
/// a state manifest's line and a `lightbox batch` job (whose JSON keys become the same fields).
/// Every problem is a usage error naming the field.
package struct ViewJobBuilder: Sendable {
    /// The job.
    package let job: ViewJob
    /// One line per value clamped as the app clamps it (`--zoom`, `--max-zoom`, `--page`, `--pull`);
    /// `--offset`'s is said by the executor, which knows the photo's size.
    package let warnings: [String]

    /// Reads `parsed` (options or a line's keys), throwing a usage error for the first bad value;
    /// `format` is `--format` for a line, whose keys do not hold it.
    package init(
        _ parsed: ParsedCommand, origin: JobOrigin = JobOrigin(), dryRun: Bool = false,
        format given: OutputFormat? = nil
    ) throws(UsageError) {
        guard !parsed.positionals.isEmpty else { throw parsed.error("missing argument '<input>' (or use --manifest)") }
        let device = try parsed.value(DeviceOptions.device)
        guard parsed.has(ViewFields.screen) || device != nil else {
            throw parsed.error("missing option '--screen <WxH>' (or --device NAME)")
        }
        // A dry run writes nothing, so it needs no output name.
        guard let name = try ReadWriteOptions.output(parsed) ?? (dryRun ? OutputName("") : nil) else {
            throw parsed.error("missing option '-o <output>'")
        }
        let inputs = try StandardInput.resolve(parsed.positionals, path: parsed.path)
        let stream = try ReadWriteOptions.streamFormat(output: name.path, parsed) ?? given
        let format: OutputFormat
        if name.path.isEmpty {
            format = stream ?? (parsed.has(ViewFields.animate) ? .webp : .png)
        } else if let stream, name.path == OutputPath.standardOutput || !OutputTemplate(name.path).namesItsFormat {
            format = stream
        } else {
            format = try ViewJobBuilder.format(of: name.path, parsed)
        }
        let state = try ViewJobBuilder.state(parsed, device: device)
        try ViewJobBuilder.checkOutputSize(state, output: name.path, format: format, parsed)
        let page = try parsed.value(ViewFields.page, default: 0)
        var warnings = ViewClamps.warnings(
            zoom: state.zoom, maxZoom: state.maxZoom, page: page, pages: parsed.positionals.count,
            pull: CGFloat(try parsed.value(ViewFields.pull, default: 0)))
        var request = ViewRequest(
            inputs: inputs, page: page, output: name.path,
            state: parsed.flag(ViewFields.doubleTap) ? state.doubleTapped() : state,
            chrome: parsed.flag(ViewFields.chrome),
            under: try parsed.value(ViewFields.under).map { $0.bytes(over: 0) } ?? ViewJobBuilder.defaultUnder(format))
        request.predicted = try parsed.value(ViewFields.predicted).map { CGFloat($0) }
        try ViewJobBuilder.animation(parsed, format: format, into: &request)
        if request.animation != nil,
            let short = ViewAnimation.shortDelay(frames: request.frames, duration: request.duration, format: format)
        {
            warnings.append(short)
        }
        self.warnings = warnings
        let readWrite = try ReadWriteOptions(parsed)
        // A line's own quality must apply; the command line's default need not fit every line.
        if let quality = readWrite.quality, !format.takesQuality, parsed.givesItself(ReadWriteOptions.quality) {
            throw parsed.error(
                "\(parsed.name(of: ReadWriteOptions.quality.spec)) \(quality): a .\(format.fileExtension) output takes no quality (it is lossless)"
            )
        }
        let save = readWrite.save(
            name, stream: stream, force: parsed.flag(OutputOptions.force) || parsed.flag(BatchOptions.resume))
        var job = ViewJob(
            request: request, save: save, failOn: readWrite.failOn, maxPixels: readWrite.maxPixels, origin: origin)
        job.dryRun = dryRun
        self.job = job
    }

    /// The viewer's state: the screen (`--screen` over `--device`) and every value given.
    private static func state(_ parsed: ParsedCommand, device: DevicePreset?) throws(UsageError) -> ViewState {
        var state = ViewState(screen: try parsed.value(ViewFields.screen) ?? device?.screen ?? .zero)
        state.scale = CGFloat(try parsed.value(ViewFields.scale) ?? Double(device?.scale ?? 1))
        state.safeArea = try DeviceOptions.safeArea(parsed) ?? device?.safeArea ?? .zero
        state.reduceMotion = parsed.flag(ViewFields.reduceMotion)
        state.zoom = CGFloat(try parsed.value(ViewFields.zoom, default: 1))
        state.maxZoom = CGFloat(try parsed.value(ViewFields.maxZoom) ?? Double(ViewportMath.defaultMaxZoom))
        state.offset = try parsed.value(ViewFields.offset)?.size ?? .zero
        state.pull = CGFloat(max(try parsed.value(ViewFields.pull, default: 0), 0))
        state.style = try parsed.value(ViewFields.style, default: .viewer)
        state.threshold = CGFloat(try parsed.value(ViewFields.threshold) ?? Double(DismissMath.defaultThreshold))
        return state
    }

    /// The output format, from the extension.
    private static func format(of output: String, _ parsed: ParsedCommand) throws(UsageError) -> OutputFormat {
        if let problem = OutputFormat.problem(with: output) { throw parsed.error("-o '\(output)': \(problem)") }
        return OutputFormat(extension: URL(fileURLWithPath: output).pathExtension) ?? .png
    }

    /// The output, round(W*K) by round(H*K) pixels, must be within `OutputLimit` for its format;
    /// the error names it (a dry run without `-o` has no name to give).
    private static func checkOutputSize(
        _ state: ViewState, output: String, format: OutputFormat, _ parsed: ParsedCommand
    ) throws(UsageError) {
        if let problem = ViewRequest.sizeProblem(screen: state.screen, scale: state.scale, format: format) {
            throw parsed.error(output.isEmpty ? problem : "\(output): \(problem)")
        }
    }

    /// Without `--under` (and in the library): JPEG (no alpha) and GIF (on-off alpha) flatten
    /// onto white, the others keep alpha.
    package static func defaultUnder(_ format: OutputFormat) -> [Double]? {
        format.keepsAlpha && format != .gif ? nil : [255, 255, 255]
    }

    /// `--animate zoom|dismiss` with `--frames N` and `--duration S`, written to GIF or WebP.
    private static func animation(
        _ parsed: ParsedCommand, format: OutputFormat, into request: inout ViewRequest
    ) throws(UsageError) {
        // Without --animate, --frames and --duration are refused by `ViewDoors`.
        guard let animation = try parsed.value(ViewFields.animate) else { return }
        guard format == .gif || format == .webp else {
            throw parsed.error("--animate writes .gif or .webp, not .\(format.rawValue)")
        }
        request.animation = animation
        request.frames = try parsed.value(ViewFields.frames, default: ViewFields.defaultFrames)
        request.duration = try parsed.value(ViewFields.duration, default: animation == .zoom ? 0.4 : 0.25)
    }
}
