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

    /// A manifest `crops.csv` cropping `count` copies of `source` whole, as `in<i>.<ext>` to `out<i>.png`.
    func manifestOfCopies(_ source: URL, count: Int) throws -> String {
        var lines = ["input,x,y,width,height,output"]
        for index in 0..<count {
            _ = try copy(source, as: "in\(index).\(source.pathExtension)")
            lines.append("in\(index).\(source.pathExtension),0,0,1,1,out\(index).png")
        }
        let manifest = path("crops.csv")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: manifest))
        return manifest
    }

    /// Copies a file into the folder and returns the new path.
    func copy(_ source: URL, as name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }
}
