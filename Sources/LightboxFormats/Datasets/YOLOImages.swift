import Foundation
import LightboxSystem

/// Finds a YOLO split's images and their label files the way Ultralytics does.
package enum YOLOImages {
    /// Image extensions Ultralytics reads (and the few more libvips does).
    package static let extensions: Set<String> = [
        "bmp", "dng", "jpeg", "jpg", "mpo", "png", "tif", "tiff", "webp", "pfm", "heic", "heif", "avif", "gif",
    ]

    /// The label file of an image: the last `/images/` becomes `/labels/`, the extension `.txt`.
    package static func labelPath(of image: String) -> String {
        var path = image
        if let range = path.range(of: "/images/", options: .backwards) {
            path.replaceSubrange(range, with: "/labels/")
        }
        let name = (path as NSString).lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + ".txt" }
        return PathText.folder(of: path) + "/" + name[..<dot] + ".txt"
    }

    /// Whether `name` has an image extension.
    package static func isImage(_ name: String) -> Bool {
        extensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// Every image under `folder`, in subfolders too, sorted; hidden files are skipped.
    package static func inFolder(_ folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { walker.skipDescendants(); continue }
            if isImage(name) { found.append((folder as NSString).appendingPathComponent(relative)) }
        }
        return found.sorted()
    }

    /// The images a list file names, one a line; relative lines (`./x.jpg` or `x.jpg`) are
    /// relative to the list's folder. A line naming no file is a problem with its line number.
    package static func inList(_ list: String) throws(BatchProblem) -> [String] {
        let data = try FileContents.read(list, what: "image list")
        let folder = PathText.folder(of: list)
        var found: [String] = []
        for (index, line) in String(decoding: data, as: UTF8.self).components(separatedBy: .newlines).enumerated() {
            let entry = line.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty { continue }
            let relative = entry.hasPrefix("./") ? String(entry.dropFirst(2)) : entry
            let path = entry.hasPrefix("/") ? entry : (folder as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path) else {
                throw BatchProblem(list, line: index + 1, "no such image: \(path)")
            }
            found.append((path as NSString).standardizingPath)
        }
        return found
    }
}
