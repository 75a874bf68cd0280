import Foundation
import LightboxGeometry
import Testing

/// The device presets: sizes, scales and safe areas as published, and the safe area's content rect.
struct DevicePresetTests {
    /// (name, width, height, scale, top, bottom) in points.
    static let presets: [(String, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)] = [
        ("iphone-se", 375, 667, 2, 20, 0),
        ("iphone-13-mini", 375, 812, 3, 50, 34),
        ("iphone-14", 390, 844, 3, 47, 34),
        ("iphone-16e", 390, 844, 3, 47, 34),
        ("iphone-14-plus", 428, 926, 3, 47, 34),
        ("iphone-15", 393, 852, 3, 59, 34),
        ("iphone-16", 393, 852, 3, 59, 34),
        ("iphone-15-plus", 430, 932, 3, 59, 34),
        ("iphone-16-pro", 402, 874, 3, 62, 34),
        ("iphone-17", 402, 874, 3, 62, 34),
        ("iphone-17-pro", 402, 874, 3, 62, 34),
        ("iphone-air", 420, 912, 3, 68, 34),
        ("iphone-17-air", 420, 912, 3, 68, 34),
        ("iphone-16-pro-max", 440, 956, 3, 62, 34),
        ("iphone-17-pro-max", 440, 956, 3, 62, 34),
        ("ipad-mini", 744, 1133, 2, 24, 20),
        ("ipad", 820, 1180, 2, 24, 20),
        ("ipad-a16", 820, 1180, 2, 24, 20),
        ("ipad-air-11", 820, 1180, 2, 24, 20),
        ("ipad-pro-11", 834, 1210, 2, 24, 20),
        ("ipad-air-13", 1024, 1366, 2, 24, 20),
        ("ipad-pro-13", 1032, 1376, 2, 24, 20),
    ]

    @Test(arguments: presets)
    func preset(name: String, width: CGFloat, height: CGFloat, scale: CGFloat, top: CGFloat, bottom: CGFloat) throws {
        let device = try #require(DevicePreset.named(name))
        #expect(device.screen == CGSize(width: width, height: height))
        #expect(device.scale == scale)
        #expect(device.safeArea == SafeArea(top: top, bottom: bottom))
    }

    /// (name, pixel width, pixel height): Apple's published resolutions.
    @Test(arguments: [
        ("iphone-16", 1179, 2556), ("iphone-16-pro-max", 1320, 2868), ("iphone-se", 750, 1334),
        ("ipad-pro-13", 2064, 2752),
        // The iPhone 17 family (Apple's Tech Specs, September 2025): 17 and 17 Pro 2622 x 1206,
        // Air 2736 x 1260, 17 Pro Max 2868 x 1320, all at 460 ppi and 3x.
        ("iphone-17", 1206, 2622), ("iphone-17-pro", 1206, 2622), ("iphone-air", 1260, 2736),
        ("iphone-17-air", 1260, 2736), ("iphone-17-pro-max", 1320, 2868),
        // Current iPads: iPad (A16) and Air 11-inch 2360 x 1640, mini (A17 Pro) 2266 x 1488,
        // Pro 11-inch 2420 x 1668, Air 13-inch 2732 x 2048, all at 2x.
        ("ipad-a16", 1640, 2360), ("ipad-air-11", 1640, 2360), ("ipad-mini", 1488, 2266),
        ("ipad-pro-11", 1668, 2420), ("ipad-air-13", 2048, 2732),
    ])
    func pixelsAreThePublishedResolution(name: String, width: Int, height: Int) throws {
        let device = try #require(DevicePreset.named(name))
        #expect(device.pixels == (width, height))
    }

    @Test func everyPresetIsListedOnceAndNamesAreCaseInsensitive() {
        #expect(DevicePreset.all.count == Self.presets.count)
        #expect(Set(DevicePreset.all.map(\.name)).count == DevicePreset.all.count)
        #expect(DevicePreset.named("iPhone-15")?.name == "iphone-15")
        #expect(DevicePreset.named("iphone-99") == nil)
        #expect(DevicePreset.demo.name == "iphone-16")
    }

    /// docs/view.md's device table lists every preset's name with its models, as the presets have them.
    @Test func theDocsTableListsEveryPresetWithItsModels() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/view.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for device in DevicePreset.all {
            let row = rows.first { $0.split(separator: "|").first?.contains("`\(device.name)`") == true }
            #expect(row?.hasSuffix("| \(device.models) |") == true, "\(device.name): \(row ?? "no row")")
        }
        #expect(DevicePreset.named("ipad-mini")?.models.contains("iPad mini (A17 Pro, 7th generation)") == true)
    }

    /// (screen, top, bottom, padding, expected x, y, width, height).
    static let contents: [(CGSize, CGFloat, CGFloat, CGFloat, [CGFloat])] = [
        (CGSize(width: 393, height: 852), 59, 34, 16, [16, 75, 361, 727]),
        (CGSize(width: 393, height: 852), 0, 0, 0, [0, 0, 393, 852]),
        (CGSize(width: 100, height: 60), 30, 30, 16, [16, 46, 68, 0]),
        (CGSize(width: 20, height: 100), -5, 0, 16, [16, 16, 0, 68]),
    ]

    @Test(arguments: contents)
    func contentInsideTheSafeAreaAndPadding(
        screen: CGSize, top: CGFloat, bottom: CGFloat, padding: CGFloat, expected: [CGFloat]
    ) {
        let rect = SafeArea(top: top, bottom: bottom).content(of: screen, padding: padding)
        #expect([rect.minX, rect.minY, rect.width, rect.height] == expected)
    }
}
