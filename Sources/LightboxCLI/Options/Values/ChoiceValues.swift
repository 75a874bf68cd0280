import LightboxGeometry
import LightboxRender

/// `--fit cover|contain|fill`.
extension CropResize.Fit: ChoiceArgument {}

/// `--animate zoom|dismiss`.
extension ViewAnimation: ChoiceArgument {}

/// `--style viewer|screen`.
extension ViewportLayout.Style: ChoiceArgument {}

/// `--device NAME`: a preset from `DevicePreset.all`.
extension DevicePreset: ArgumentValue {
    /// The preset named `argument`.
    init?(argument: String) {
        guard let device = DevicePreset.named(argument) else { return nil }
        self = device
    }

    /// Every preset's name.
    static var choices: [String] { all.map(\.name) }

    /// The names.
    static var expected: String { "unknown device (use one of \(names))" }
}

/// `--format EXT` of `-o -`: the formats standard output can take.
extension OutputFormat: ArgumentValue {
    /// The extensions `--format` names.
    static let streamExtensions = ["jpg", "png", "webp", "tif", "gif", "avif", "heic"]

    /// The format named by one of `streamExtensions`.
    init?(argument: String) {
        guard OutputFormat.streamExtensions.contains(argument), let format = OutputFormat(extension: argument) else {
            return nil
        }
        self = format
    }

    /// Every extension.
    static var choices: [String] { streamExtensions }

    /// The extensions.
    static var expected: String { "use one of \(streamExtensions.joined(separator: ", "))" }
}
