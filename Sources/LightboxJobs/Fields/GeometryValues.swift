import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry

/// A size `WxH` of finite numbers, such as `390x844`; each option states the sizes it takes.
extension CGSize: ArgumentValue {
    /// Reads `WxH` (or `WXH`).
    package init?(argument: String) {
        guard let (width, height) = Pair.split(argument, separator: "x") else { return nil }
        self.init(width: width, height: height)
    }

    /// The form.
    package static var expected: String { "expected WxH" }

    /// Whether both sides are above 0 and at most `limit`.
    package func isPositive(upTo limit: CGFloat = .greatestFiniteMagnitude) -> Bool {
        width > 0 && height > 0 && width <= limit && height <= limit
    }
}

/// A rect written `x,y,width,height`; its usage error names the field at fault.
extension CGRect: ArgumentValue {
    /// Reads `x,y,width,height` (NaN is read, and refused later by the crop's checks).
    package init?(argument: String) {
        guard case .success(let rect) = RectParser.parse(argument) else { return nil }
        self = rect
    }

    /// The form.
    package static var expected: String { "expected 4 numbers x,y,width,height" }

    /// The field at fault, such as `x 'a' is not a number`.
    package static func problem(with argument: String) -> String {
        guard case .failure(let error) = RectParser.parse(argument) else { return expected }
        return error.message
    }
}

/// `--min-side`: a fraction in (0, 1] or whole pixels such as `32px`.
extension CropRect.MinimumSide: ArgumentValue {
    /// Reads a fraction or `Npx`.
    package init?(argument: String) {
        if argument.hasSuffix("px"), let pixels = Int(argument.dropLast(2)), pixels >= 1 {
            self = .pixels(pixels)
        } else if let fraction = Double(argument), fraction > 0, fraction <= 1 {
            self = .fraction(fraction)
        } else {
            return nil
        }
    }

    /// The forms.
    package static var expected: String { "expected a fraction in (0, 1] or whole pixels such as 32px" }
}

/// `--device NAME`: a preset from `DevicePreset.all`.
extension DevicePreset: ArgumentValue {
    /// The preset named `argument`.
    package init?(argument: String) {
        guard let device = DevicePreset.named(argument) else { return nil }
        self = device
    }

    /// Every preset's name.
    package static var choices: [String] { all.map(\.name) }

    /// The names.
    package static var expected: String { "unknown device (use one of \(names))" }

    /// The nearest name when one is close (`iphone17`: did you mean 'iphone-17'?), else every name.
    package static func problem(with argument: String) -> String {
        let hint = UsageError.suggestion(for: argument.lowercased(), among: choices)
        return hint.isEmpty ? expected : "unknown device\(hint) (lightbox view --list-devices lists them)"
    }
}

/// `--style viewer|screen`.
extension ViewportLayout.Style: ChoiceArgument {}
