import Foundation
import LightboxArguments
import LightboxGeometry

/// `--device NAME` and `--safe-area TOP,BOTTOM`, shared by `view`, `board` and `crop`, and the crop screen.
package enum DeviceOptions {
    /// `--device name`; each command says what it takes from the preset.
    package static let device = Option<DevicePreset>(
        "device", valueName: "name", help: "A device's screen (see DEVICES).")

    /// `--list-devices`: print the presets `--device` takes (with `--json`, one JSON line each) and stop.
    package static let listDevices = Flag(
        "list-devices", help: "Print the device presets: name, screen, scale, safe areas (--json: JSON Lines).")

    /// The largest safe area, in points.
    package static let safeAreas = 0.0...1000

    /// `--safe-area TOP,BOTTOM` in points.
    package static let safeArea = Option<Pair>(
        "safe-area", valueName: "TOP,BOTTOM",
        help: "Safe areas in points; the header goes below the top one (default 0,0).",
        expected: "expected TOP,BOTTOM in points from 0 to 1000, such as 59,34",
        where: { safeAreas.contains($0.first) && safeAreas.contains($0.second) })

    /// The largest crop screen side, in points.
    package static let maximumScreenSide: CGFloat = 100_000

    /// `crop --screen WxH`: the previews' crop screen, leaving room for the photo inside the padding.
    package static let cropScreen = Option<CGSize>(
        "screen", valueName: "WxH", help: "Previews: the crop screen in points (default: --device iphone-16).",
        expected: "expected WIDTHxHEIGHT in points, each over 32 (the padding), such as 393x852",
        where: {
            $0.isPositive(upTo: maximumScreenSide) && $0.width > 2 * CropScreen.padding
                && $0.height > 2 * CropScreen.padding
        })

    /// The safe areas given, or nil.
    package static func safeArea(_ parsed: ParsedCommand) throws(UsageError) -> SafeArea? {
        try parsed.value(safeArea).map { SafeArea(top: $0.first, bottom: $0.second) }
    }

    /// The crop screen of `crop`'s previews: `--screen WxH` (no safe areas) over `--device`, else the demo's iPhone.
    package static func cropScreen(_ parsed: ParsedCommand) throws(UsageError) -> CropScreen {
        let device = try parsed.value(device)
        guard let screen = try parsed.value(cropScreen) else { return CropScreen(device: device ?? .demo) }
        return CropScreen(screen: screen)
    }

    /// The help's device table: one line per preset with its size, scale and safe areas, then the sources.
    package static var helpText: String {
        let rows = DevicePreset.all.map { device in
            let size = "\(Int(device.screen.width))x\(Int(device.screen.height)) @\(Int(device.scale))"
            return "  " + device.name.padding(toLength: 19, withPad: " ", startingAt: 0)
                + size.padding(toLength: 14, withPad: " ", startingAt: 0)
                + "\(Int(device.safeArea.top)) / \(Int(device.safeArea.bottom))"
        }
        return
            (["DEVICES (--device; screen in points @ scale, safe area top / bottom):"] + rows + [
                "  Screens: Apple's published resolutions over the scale. Safe areas: the",
                "  portrait insets the iOS simulator reports. Models: docs/view.md, or",
                "  lightbox view --list-devices [--json].",
            ]).joined(separator: "\n")
    }
}
