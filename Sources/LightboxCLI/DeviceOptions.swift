import Foundation
import LightboxGeometry

/// Reads `--device NAME` and `--safe-area TOP,BOTTOM`, shared by `view`, `board` and `crop`.
enum DeviceOptions {
    /// The preset named by `--device`, or nil when not given.
    static func device(_ text: String?, path: [String]) throws(UsageError) -> DevicePreset? {
        guard let text else { return nil }
        guard let device = DevicePreset.named(text) else {
            throw UsageError("--device '\(text)': unknown device (use one of \(DevicePreset.names))", commandPath: path)
        }
        return device
    }

    /// `--safe-area TOP,BOTTOM` in points, both from 0 to 1000, or nil when not given.
    static func safeArea(_ text: String?, path: [String]) throws(UsageError) -> SafeArea? {
        guard let text else { return nil }
        guard let (top, bottom) = ViewValueParser.pair(text, separator: ","), (0...1000).contains(top),
            (0...1000).contains(bottom)
        else {
            throw UsageError(
                "--safe-area '\(text)': expected TOP,BOTTOM in points from 0 to 1000, such as 59,34", commandPath: path)
        }
        return SafeArea(top: top, bottom: bottom)
    }

    /// The crop screen of `crop`'s previews: `--screen WxH` (no safe areas) over `--device`, else the demo's iPhone.
    ///
    /// The screen must leave room for the photo inside the safe areas and the 16-point padding.
    static func cropScreen(_ parsed: ParsedCommand, path: [String]) throws(UsageError) -> CropScreen {
        let device = try DeviceOptions.device(parsed.value("device"), path: path)
        guard let text = parsed.value("screen") else { return CropScreen(device: device ?? .demo) }
        guard let (width, height) = ViewValueParser.pair(text, separator: "x"), width <= 100_000, height <= 100_000,
            width > 2 * CropScreen.padding, height > 2 * CropScreen.padding
        else {
            throw UsageError(
                "--screen '\(text)': expected WIDTHxHEIGHT in points, each over 32 (the padding), such as 393x852",
                commandPath: path)
        }
        return CropScreen(screen: CGSize(width: width, height: height))
    }

    /// The help's device table: one line per preset with its size, scale and safe areas, then the sources.
    static var helpText: String {
        let rows = DevicePreset.all.map { device in
            let size = "\(Int(device.screen.width))x\(Int(device.screen.height)) @\(Int(device.scale))"
            return "  " + device.name.padding(toLength: 19, withPad: " ", startingAt: 0)
                + size.padding(toLength: 14, withPad: " ", startingAt: 0)
                + "\(Int(device.safeArea.top)) / \(Int(device.safeArea.bottom))"
        }
        return
            (["DEVICES (--device; screen in points @ scale, safe area top / bottom):"] + rows + [
                "  Screens: Apple's published resolutions over the scale. Safe areas: the",
                "  portrait insets the iOS simulator reports. Models: docs/view.md.",
            ]).joined(separator: "\n")
    }
}
