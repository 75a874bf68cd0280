import Foundation

/// A device's screen as an app sees it in portrait: size in points, pixels per point and safe areas.
///
/// Sizes are Apple's published pixel resolutions divided by the scale; safe areas are the
/// portrait insets the iOS simulator reports for the device (status bar or Dynamic Island at
/// the top, home indicator at the bottom).
package struct DevicePreset: Sendable, Equatable {
    /// The preset's name on the command line, such as `iphone-16`.
    package let name: String
    /// The screen in points, portrait.
    package let screen: CGSize
    /// Pixels per point.
    package let scale: CGFloat
    /// The portrait safe areas in points.
    package let safeArea: SafeArea
    /// Which devices share this screen, for the help and the docs.
    package let models: String

    /// Makes a preset.
    package init(
        _ name: String, _ width: CGFloat, _ height: CGFloat, scale: CGFloat, top: CGFloat, bottom: CGFloat,
        models: String
    ) {
        self.name = name
        screen = CGSize(width: width, height: height)
        self.scale = scale
        safeArea = SafeArea(top: top, bottom: bottom)
        self.models = models
    }

    /// The screen in output pixels: points times the scale.
    package var pixels: (width: Int, height: Int) {
        (Int((screen.width * scale).rounded()), Int((screen.height * scale).rounded()))
    }

    /// Every preset, phones smallest first, then tablets; a screen shared by several models has
    /// a name for each model family people look for (`iphone-16-pro`, `iphone-17`, `iphone-17-pro`;
    /// `iphone-air` and `iphone-17-air`, as the Air came with the 17 family).
    package static let all: [DevicePreset] = phones + tablets

    /// The iPhones, smallest first.
    private static let phones: [DevicePreset] = [
        DevicePreset("iphone-se", 375, 667, scale: 2, top: 20, bottom: 0, models: "iPhone SE (2nd, 3rd generation)"),
        DevicePreset("iphone-13-mini", 375, 812, scale: 3, top: 50, bottom: 34, models: "iPhone 12 mini, 13 mini"),
        DevicePreset("iphone-14", 390, 844, scale: 3, top: 47, bottom: 34, models: "iPhone 13, 13 Pro, 14, 16e"),
        DevicePreset("iphone-16e", 390, 844, scale: 3, top: 47, bottom: 34, models: "iPhone 13, 13 Pro, 14, 16e"),
        DevicePreset("iphone-14-plus", 428, 926, scale: 3, top: 47, bottom: 34, models: "iPhone 13 Pro Max, 14 Plus"),
        DevicePreset("iphone-15", 393, 852, scale: 3, top: 59, bottom: 34, models: "iPhone 14 Pro, 15, 15 Pro, 16"),
        DevicePreset("iphone-16", 393, 852, scale: 3, top: 59, bottom: 34, models: "iPhone 14 Pro, 15, 15 Pro, 16"),
        DevicePreset(
            "iphone-15-plus", 430, 932, scale: 3, top: 59, bottom: 34,
            models: "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus"),
        DevicePreset("iphone-16-pro", 402, 874, scale: 3, top: 62, bottom: 34, models: "iPhone 16 Pro, 17, 17 Pro"),
        DevicePreset("iphone-17", 402, 874, scale: 3, top: 62, bottom: 34, models: "iPhone 16 Pro, 17, 17 Pro"),
        DevicePreset("iphone-17-pro", 402, 874, scale: 3, top: 62, bottom: 34, models: "iPhone 16 Pro, 17, 17 Pro"),
        DevicePreset("iphone-air", 420, 912, scale: 3, top: 68, bottom: 34, models: "iPhone Air"),
        DevicePreset("iphone-17-air", 420, 912, scale: 3, top: 68, bottom: 34, models: "iPhone Air"),
        DevicePreset(
            "iphone-16-pro-max", 440, 956, scale: 3, top: 62, bottom: 34, models: "iPhone 16 Pro Max, 17 Pro Max"),
        DevicePreset(
            "iphone-17-pro-max", 440, 956, scale: 3, top: 62, bottom: 34, models: "iPhone 16 Pro Max, 17 Pro Max"),
    ]

    /// The iPads, smallest first.
    private static let tablets: [DevicePreset] = [
        DevicePreset(
            "ipad-mini", 744, 1133, scale: 2, top: 24, bottom: 20,
            models: "iPad mini (6th generation), iPad mini (A17 Pro, 7th generation)"),
        DevicePreset(
            "ipad", 820, 1180, scale: 2, top: 24, bottom: 20,
            models: "iPad (10th generation), iPad (A16), iPad Air 11-inch (M2, M3)"),
        DevicePreset(
            "ipad-a16", 820, 1180, scale: 2, top: 24, bottom: 20,
            models: "iPad (10th generation), iPad (A16), iPad Air 11-inch (M2, M3)"),
        DevicePreset(
            "ipad-air-11", 820, 1180, scale: 2, top: 24, bottom: 20,
            models: "iPad (10th generation), iPad (A16), iPad Air 11-inch (M2, M3)"),
        DevicePreset("ipad-pro-11", 834, 1210, scale: 2, top: 24, bottom: 20, models: "iPad Pro 11-inch (M4, M5)"),
        DevicePreset("ipad-air-13", 1024, 1366, scale: 2, top: 24, bottom: 20, models: "iPad Air 13-inch (M2, M3)"),
        DevicePreset("ipad-pro-13", 1032, 1376, scale: 2, top: 24, bottom: 20, models: "iPad Pro 13-inch (M4, M5)"),
    ]

    /// The preset called `name` (case-insensitive), or nil.
    package static func named(_ name: String) -> DevicePreset? {
        let key = name.lowercased()
        return all.first { $0.name == key }
    }

    /// The names of every preset, comma-separated, for error messages.
    package static var names: String {
        all.map(\.name).joined(separator: ", ")
    }

    /// The phone of the seeds' demos (iOS 18): the crop screen's default.
    package static let demo = DevicePreset.named("iphone-16")!
}
