import Foundation
import LightboxFormats
import LightboxGeometry

/// `view --list-devices`: the device presets `--device` takes, as a table or as JSON Lines.
///
/// The table is for reading (aligned columns, a header); `--json` gives one object per preset
/// with the keys a view record uses for the same things (`screen`, `scale`, `safeArea`), so a
/// script can feed a preset's numbers back as `--screen`, `--scale` and `--safe-area`.
enum DeviceList {
    /// The lines to print, presets in `DevicePreset.all`'s order (phones smallest first, then iPads).
    static func lines(json: Bool) -> [String] {
        json ? DevicePreset.all.map { object($0).text } : table()
    }

    /// One preset as JSON: name, screen (points), scale, pixels, safe areas (points) and models.
    static func object(_ device: DevicePreset) -> JSONValue {
        let pixels = device.pixels
        return .object([
            ("name", .string(device.name)),
            ("screen", .object([("width", number(device.screen.width)), ("height", number(device.screen.height))])),
            ("scale", number(device.scale)),
            ("pixels", .object([("width", .int(pixels.width)), ("height", .int(pixels.height))])),
            ("safeArea", .object([("top", number(device.safeArea.top)), ("bottom", number(device.safeArea.bottom))])),
            ("models", .string(device.models)),
        ])
    }

    /// The header and one aligned row per preset.
    private static func table() -> [String] {
        let rows = DevicePreset.all.map { device in
            let pixels = device.pixels
            return [
                device.name, "\(short(device.screen.width))x\(short(device.screen.height))", short(device.scale),
                "\(pixels.width)x\(pixels.height)", "\(short(device.safeArea.top)) / \(short(device.safeArea.bottom))",
                device.models,
            ]
        }
        let header = ["NAME", "SCREEN (POINTS)", "SCALE", "PIXELS", "SAFE AREA (TOP / BOTTOM)", "MODELS"]
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { cells in
            cells.enumerated().map { column, cell in
                column == cells.count - 1
                    ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }
    }

    /// A number of points or a scale for JSON: whole numbers without `.0`.
    private static func number(_ value: CGFloat) -> JSONValue {
        value == value.rounded() ? .int(Int(value)) : .double(Double(value))
    }

    /// A number for the table.
    private static func short(_ value: CGFloat) -> String {
        NumberText.short(Double(value))
    }
}
