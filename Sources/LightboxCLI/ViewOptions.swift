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

    /// The command path, for usage errors.
    static let path = ["lightbox", "view"]

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let reader = OptionReader(parsed, path: Self.path)
        guard !parsed.positionals.isEmpty else {
            throw UsageError("missing argument '<input>' (or use --manifest)", commandPath: Self.path)
        }
        let device = try DeviceOptions.device(parsed.value("device"), path: Self.path)
        guard parsed.has("screen") || device != nil else {
            throw UsageError("missing option '--screen <WxH>' (or --device NAME)", commandPath: Self.path)
        }
        guard let name = try ReadWriteOptions.output(parsed.value("output"), reader: reader) else {
            throw UsageError("missing option '-o <output>'", commandPath: Self.path)
        }
        let output = name.path
        let stream = try ReadWriteOptions.streamFormat(output: output, reader)
        let format: OutputFormat
        if let stream { format = stream } else { format = try ViewOptions.format(of: output) }
        var state = ViewState(
            screen: try parsed.value("screen").map { text throws(UsageError) in try ViewOptions.screen(text) }
                ?? device?.screen ?? .zero)
        state.scale = try ViewOptions.number(parsed, "scale", default: device?.scale ?? 1, positive: true)
        state.safeArea =
            try DeviceOptions.safeArea(parsed.value("safe-area"), path: Self.path) ?? device?.safeArea ?? .zero
        state.reduceMotion = parsed.flag("reduce-motion")
        state.zoom = try ViewOptions.number(parsed, "zoom", default: 1)
        state.maxZoom = try ViewOptions.number(parsed, "max-zoom", default: ViewportMath.defaultMaxZoom)
        state.offset = try ViewOptions.offset(parsed.value("offset"))
        state.pull = max(try ViewOptions.number(parsed, "pull", default: 0), 0)
        state.style = try ViewOptions.style(parsed.value("style"))
        state.threshold = try ViewOptions.number(parsed, "threshold", default: DismissMath.defaultThreshold)
        try ViewOptions.checkOutputSize(state)
        let page = try ViewOptions.page(parsed.value("page"))
        warnings = ViewClamps.warnings(
            zoom: state.zoom, maxZoom: state.maxZoom, page: page, pages: parsed.positionals.count)
        if parsed.flag("double-tap") { state = state.doubleTapped() }
        var request = ViewRequest(
            inputs: try StandardInput.resolve(parsed.positionals, path: Self.path), page: page, output: output,
            state: state, chrome: parsed.flag("chrome"),
            under: try ViewOptions.under(parsed.value("under"), format: format)
        )
        request.predicted =
            parsed.value("predicted") == nil ? nil : try ViewOptions.number(parsed, "predicted", default: 0)
        try ViewOptions.animation(parsed, format: format, into: &request)
        self.request = request
        var save = SaveOptions(
            quality: try ReadWriteOptions.quality(reader), strip: true, stripICC: true, force: parsed.flag("force")
        )
        save.saverOptions = name.options
        save.streamFormat = stream
        self.save = save
        failOn = try ReadWriteOptions.failOn(reader)
        maxPixels = try ReadWriteOptions.maxPixels(reader)
        dryRun = parsed.flag("dry-run")
        json = parsed.flag("json")
        quiet = parsed.flag("quiet")
    }

    /// The output format, from the extension.
    private static func format(of output: String) throws(UsageError) -> OutputFormat {
        let ext = URL(fileURLWithPath: output).pathExtension
        guard let format = OutputFormat(extension: ext) else {
            throw UsageError(
                "-o '\(output)': unsupported format '.\(ext)' (use \(OutputFormat.extensions))", commandPath: path)
        }
        return format
    }

    /// `--screen WxH` in points, both sides positive.
    private static func screen(_ text: String) throws(UsageError) -> CGSize {
        guard let (width, height) = ViewValueParser.pair(text, separator: "x"), width > 0, height > 0 else {
            throw UsageError("--screen '\(text)': expected WIDTHxHEIGHT in points, such as 390x844", commandPath: path)
        }
        return CGSize(width: width, height: height)
    }

    /// The largest output side in pixels.
    static let maximumSide = 32768

    /// The output, round(W*K) by round(H*K) pixels, needs 1 to `maximumSide` pixels a side.
    private static func checkOutputSize(_ state: ViewState) throws(UsageError) {
        let sides = [state.screen.width * state.scale, state.screen.height * state.scale].map { $0.rounded() }
        guard sides.allSatisfy({ $0 >= 1 && $0 <= CGFloat(maximumSide) }) else {
            let size = "\(JSONValue.number(Double(sides[0])))x\(JSONValue.number(Double(sides[1])))"
            throw UsageError(
                "--screen times --scale gives \(size) pixels; each side must be 1 to \(maximumSide)", commandPath: path)
        }
    }

    /// `--offset DX,DY` in points.
    private static func offset(_ text: String?) throws(UsageError) -> CGSize {
        guard let text else { return .zero }
        guard let (x, y) = ViewValueParser.pair(text, separator: ",") else {
            throw UsageError("--offset '\(text)': expected DX,DY in points, such as 40,-20", commandPath: path)
        }
        return CGSize(width: x, height: y)
    }

    /// A finite number option, positive when asked.
    static func number(
        _ parsed: ParsedCommand, _ name: String, default value: CGFloat, positive: Bool = false
    ) throws(UsageError) -> CGFloat {
        guard let text = parsed.value(name) else { return value }
        guard let number = ViewValueParser.finite(text), !positive || number > 0 else {
            throw UsageError("--\(name) '\(text)': expected \(positive ? "a positive" : "a") number", commandPath: path)
        }
        return number
    }

    /// `--page N`, a whole number (clamped later to the pages that exist).
    private static func page(_ text: String?) throws(UsageError) -> Int {
        guard let text else { return 0 }
        guard let page = Int(text) else {
            throw UsageError("--page '\(text)': expected a whole number (the first page is 0)", commandPath: path)
        }
        return page
    }

    /// `--style viewer|screen`.
    private static func style(_ text: String?) throws(UsageError) -> ViewportLayout.Style {
        guard let text else { return .viewer }
        guard let style = ViewportLayout.Style(rawValue: text) else {
            throw UsageError("--style '\(text)': use viewer or screen", commandPath: path)
        }
        return style
    }

    /// `--under COLOR`: always flattens when given; JPEG (no alpha) and GIF (on-off alpha) flatten onto white when not.
    private static func under(_ text: String?, format: OutputFormat) throws(UsageError) -> [Double]? {
        guard let text else { return format.keepsAlpha && format != .gif ? nil : [255, 255, 255] }
        guard let colour = BoardColor.parse(text) else {
            throw UsageError("--under '\(text)': \(ColourGrammar.expected)", commandPath: path)
        }
        return colour.bytes(over: 0)
    }

    /// `--animate zoom|dismiss` with `--frames N` and `--duration S`, written to GIF or WebP.
    private static func animation(
        _ parsed: ParsedCommand, format: OutputFormat, into request: inout ViewRequest
    ) throws(UsageError) {
        guard let text = parsed.value("animate") else {
            guard parsed.value("frames") == nil, parsed.value("duration") == nil else {
                throw UsageError("--frames and --duration need --animate zoom|dismiss", commandPath: path)
            }
            return
        }
        guard let animation = ViewAnimation(rawValue: text) else {
            throw UsageError("--animate '\(text)': use zoom or dismiss", commandPath: path)
        }
        guard format == .gif || format == .webp else {
            throw UsageError("--animate writes .gif or .webp, not .\(format.rawValue)", commandPath: path)
        }
        let framesText = parsed.value("frames") ?? "12"
        guard let frames = Int(framesText), (2...600).contains(frames) else {
            throw UsageError("--frames '\(framesText)': expected a whole number from 2 to 600", commandPath: path)
        }
        let duration = try number(parsed, "duration", default: animation == .zoom ? 0.4 : 0.25, positive: true)
        request.animation = animation
        request.frames = frames
        request.duration = Double(duration)
    }
}
