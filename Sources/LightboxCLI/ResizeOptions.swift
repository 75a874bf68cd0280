import LightboxRender

/// `--resize`, `--fit` and `--pad-colour` of `lightbox crop`, read into a `CropResize`.
enum ResizeOptions {
    /// The options as data, for the command's spec.
    static let specs: [OptionSpec] = [
        .value("resize", valueName: "WxH|N", help: "Resample every crop to W x H (N: N x N) after cropping."),
        .value(
            "fit", valueName: "mode", help: "With --resize: cover (default: fill W x H, cut the rest), contain or fill."
        ),
        .value(
            "pad-colour", valueName: "colour",
            help: "With --fit contain: the padding colour (a CSS name, #rrggbb, r,g,b 0-255...; default black)."),
    ]

    /// The largest side a resize may ask for.
    static let maximumSide = 16384

    /// The resize asked for, or nil; every bad value is a usage error naming the option.
    static func read(_ reader: OptionReader) throws(UsageError) -> CropResize? {
        guard let text = reader.parsed.value("resize") else {
            try reader.refuse(["fit", "pad-colour"], with: "a crop that is not resized (add --resize)")
            return nil
        }
        guard let size = size(text) else {
            throw reader.error(
                "--resize '\(text)': expected WxH or N, whole pixels from 1 to \(maximumSide) (such as 224x224 or 224)")
        }
        let fit =
            try reader.choice("fit", from: CropResize.Fit.allCases.map(\.rawValue)).flatMap(CropResize.Fit.init)
            ?? .cover
        guard let colour = reader.parsed.value("pad-colour") else {
            return CropResize(width: size.0, height: size.1, fit: fit)
        }
        guard fit == .contain else {
            throw reader.error("--pad-colour goes with --fit contain (cover and fill leave no padding)")
        }
        guard let background = background(colour) else {
            throw reader.error("--pad-colour '\(colour)': \(ColourGrammar.expected)")
        }
        return CropResize(width: size.0, height: size.1, fit: fit, background: background)
    }

    /// `WxH` or `N` as a width and height.
    static func size(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 1 || parts.count == 2, let width = parts[0], let height = parts.last ?? nil,
            (1...maximumSide).contains(width), (1...maximumSide).contains(height)
        else { return nil }
        return (width, height)
    }

    /// A colour as libvips components from 0 to 255.
    static func background(_ text: String) -> [Double]? {
        BoardColor.parse(text)?.bytes(over: 0)
    }
}
