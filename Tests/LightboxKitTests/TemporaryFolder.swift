import Foundation
import Vips

/// A fresh folder for one test's outputs, removed when the value is released.
final class TemporaryFolder {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder's path.
    let path: String

    /// Makes an empty folder.
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("lightboxkit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The path of a file in `Fixtures/`.
    static func fixture(_ name: String) -> String {
        root.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The names in the folder, hidden ones too, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The pattern coordinates (`Fixtures/pattern.png` stores its x and y in each pixel) at `x`, `y` of `image`.
    static func patternSource(_ image: VImage, x: Int, y: Int) throws -> (x: Int, y: Int) {
        let value = try image.pixel(x: x, y: y).map { Int($0.rounded()) }
        return (value[0] + 256 * (value[2] / 16), value[1] + 256 * (value[2] % 16))
    }
}
