import Foundation

/// A temporary folder for one test's outputs, removed when the value is released.
final class Scratch {
    /// The folder.
    let url: URL

    /// Makes a fresh empty folder.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names in the folder, hidden ones too, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Copies a file into the folder and returns the new path.
    func copy(_ source: URL, as name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }
}
