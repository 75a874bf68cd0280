import Foundation

/// Small datasets written by the tests themselves, file by file.
extension Scratch {
    /// Writes `text` to `name` (folders made as needed) and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target.path
    }

    /// Copies `source` to `name` (folders made as needed) and returns its path.
    @discardableResult
    func place(_ source: URL, at name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }

    /// Every file under `name`, relative to it, sorted.
    func files(under name: String) -> [String] {
        let root = path(name)
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found.append(relative)
            }
        }
        return found.sorted()
    }
}
