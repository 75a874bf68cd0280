import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The checked options of `lightbox view`; every problem is a usage error naming the option.
struct ViewOptions: Sendable {
    let request: ViewRequest
    let save: SaveOptions
    let failOn: String
    let maxPixels: Int
    let dryRun: Bool
    let json: Bool
    let quiet: Bool
    /// One line per value clamped as the app clamps it (`--zoom`, `--max-zoom`, `--page`).
    let warnings: [String]

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        guard !parsed.positionals.isEmpty else { throw parsed.error("missing argument '<input>' (or use --manifest)") }
        let device = try parsed.value(DeviceOptions.device)
        guard parsed.has(Self.screen) || device != nil else {
            throw parsed.error("missing option '--screen <WxH>' (or --device NAME)")
        }
        guard let name = try ReadWriteOptions.output(parsed) else { throw parsed.error("missing option '-o <output>'") }
        let stream = try ReadWriteOptions.streamFormat(output: name.path, parsed)
        let format: OutputFormat
        if let stream { format = stream } else { format = try ViewOptions.format(of: name.path, parsed) }
        let state = try ViewOptions.state(parsed, device: device)
        let page = try parsed.value(Self.page, default: 0)
        var warnings = ViewClamps.warnings(
            zoom: state.zoom, maxZoom: state.maxZoom, page: page, pages: parsed.positionals.count)
        var request = ViewRequest(
            inputs: try StandardInput.resolve(parsed.positionals, path: parsed.path), page: page, output: name.path,
            state: parsed.flag(Self.doubleTap) ? state.doubleTapped() : state, chrome: parsed.flag(Self.chrome),
            under: try parsed.value(Self.under).map { $0.bytes(over: 0) } ?? ViewOptions.defaultUnder(format))
        request.predicted = try parsed.value(Self.predicted).map { CGFloat($0) }
        try ViewOptions.animation(parsed, format: format, into: &request)
        if request.animation != nil, format == .gif,
            let short = ViewAnimation.gifShortDelay(frames: request.frames, duration: request.duration)
        {
            warnings.append(short)
        }
        self.warnings = warnings
        self.request = request
        let readWrite = try ReadWriteOptions(parsed)
        save = readWrite.save(name, stream: stream, force: parsed.flag(OutputOptions.force))
        failOn = readWrite.failOn
        maxPixels = readWrite.maxPixels
        dryRun = parsed.flag(OutputOptions.dryRun)
        json = parsed.flag(OutputOptions.json)
        quiet = parsed.flag(OutputOptions.quiet)
    }

    /// The viewer's state: the screen (`--screen` over `--device`) and every value given.
    private static func state(_ parsed: ParsedCommand, device: DevicePreset?) throws(UsageError) -> ViewState {
        var state = ViewState(screen: try parsed.value(screen) ?? device?.screen ?? .zero)
        state.scale = CGFloat(try parsed.value(scale) ?? Double(device?.scale ?? 1))
        state.safeArea = try DeviceOptions.safeArea(parsed) ?? device?.safeArea ?? .zero
        state.reduceMotion = parsed.flag(reduceMotion)
        state.zoom = CGFloat(try parsed.value(zoom, default: 1))
        state.maxZoom = CGFloat(try parsed.value(maxZoom) ?? Double(ViewportMath.defaultMaxZoom))
        state.offset = try parsed.value(offset)?.size ?? .zero
        state.pull = CGFloat(max(try parsed.value(pull, default: 0), 0))
        state.style = try parsed.value(style, default: .viewer)
        state.threshold = CGFloat(try parsed.value(threshold) ?? Double(DismissMath.defaultThreshold))
        try checkOutputSize(state, parsed)
        return state
    }

    /// The output format, from the extension.
    private static func format(of output: String, _ parsed: ParsedCommand) throws(UsageError) -> OutputFormat {
        if let problem = OutputFormat.problem(with: output) { throw parsed.error("-o '\(output)': \(problem)") }
        return OutputFormat(extension: URL(fileURLWithPath: output).pathExtension) ?? .png
    }

    /// The output, round(W*K) by round(H*K) pixels, needs 1 to `ViewRequest.maximumSide` pixels a side.
    private static func checkOutputSize(_ state: ViewState, _ parsed: ParsedCommand) throws(UsageError) {
        if let problem = ViewRequest.sizeProblem(screen: state.screen, scale: state.scale) {
            throw parsed.error("--screen times --scale \(problem)")
        }
    }

    /// Without `--under`: JPEG (no alpha) and GIF (on-off alpha) flatten onto white, the others keep alpha.
    private static func defaultUnder(_ format: OutputFormat) -> [Double]? {
        format.keepsAlpha && format != .gif ? nil : [255, 255, 255]
    }

    /// `--animate zoom|dismiss` with `--frames N` and `--duration S`, written to GIF or WebP.
    private static func animation(
        _ parsed: ParsedCommand, format: OutputFormat, into request: inout ViewRequest
    ) throws(UsageError) {
        guard let animation = try parsed.value(animate) else {
            guard !parsed.has(frames), !parsed.has(duration) else {
                throw parsed.error("--frames and --duration need --animate zoom|dismiss")
            }
            return
        }
        guard format == .gif || format == .webp else {
            throw parsed.error("--animate writes .gif or .webp, not .\(format.rawValue)")
        }
        request.animation = animation
        request.frames = try parsed.value(frames, default: defaultFrames)
        request.duration = try parsed.value(duration, default: animation == .zoom ? 0.4 : 0.25)
    }
}
