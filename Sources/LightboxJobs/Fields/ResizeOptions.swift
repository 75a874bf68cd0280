import LightboxArguments
import LightboxRender

/// `--resize`, `--fit` and `--pad-colour` of `lightbox crop`, read into a `CropResize`.
package enum ResizeOptions {
    /// `--resize WxH|N`.
    package static let resize = Option<PixelSize>(
        "resize", valueName: "WxH|N", help: "Resample every crop to W x H (N: N x N) after cropping (see OUTPUT SIZE).")
    /// `--fit mode`.
    package static let fit = Option<CropResize.Fit>(
        "fit", valueName: "mode", help: "With --resize: cover (default: fill W x H, cut the rest), contain or fill.")
    /// `--pad-colour colour`.
    package static let padColour = Option<BoardColor>(
        "pad-colour", valueName: "colour",
        help: "With --fit contain: the padding colour (a CSS name, #rrggbb, r,g,b 0-255...; default black).")

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [resize, fit, padColour]

    /// The resize asked for, or nil; every bad value is a usage error naming the option.
    package static func read(_ parsed: ParsedCommand) throws(UsageError) -> CropResize? {
        guard let size = try parsed.value(resize) else {
            try parsed.refuse([fit, padColour], with: "a crop that is not resized (add --resize)")
            return nil
        }
        let fit = try parsed.value(fit, default: .cover)
        if parsed.has(padColour) && fit != .contain {
            throw parsed.error("--pad-colour goes with --fit contain (cover and fill leave no padding)")
        }
        guard let colour = try parsed.value(padColour) else {
            return CropResize(width: size.width, height: size.height, fit: fit)
        }
        return CropResize(width: size.width, height: size.height, fit: fit, background: colour.bytes(over: 0))
    }
}
