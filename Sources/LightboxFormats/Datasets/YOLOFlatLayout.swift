import Foundation
import LightboxSystem

/// The flat form `--yolo LABELS --images IMAGES`: each label file's image has its stem, in
/// the same subfolder of `IMAGES` as the label is in `LABELS` (which becomes its split), or
/// else in `IMAGES` itself.
package struct YOLOFlatLayout {
    /// The label folder (or one label file).
    package let labels: String
    /// The image folder.
    package let images: String

    /// Makes a value from its parts.
    package init(labels: String, images: String) {
        self.labels = labels
        self.images = images
    }

    /// Every label file with its image; a label without an image is a problem.
    package func pairs() throws(BatchProblem) -> (pairs: [YOLOLabelled], problems: [BatchProblem]) {
        var pairs: [YOLOLabelled] = []
        var problems: [BatchProblem] = []
        var indexes: [String: [String: String]] = [:]
        for relative in try labelFiles() {
            let split = PathText.folder(of: relative)
            let stem = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            let folder = split.isEmpty ? images : (images as NSString).appendingPathComponent(split)
            let index = indexes[folder] ?? Self.index(folder)
            indexes[folder] = index
            let top = indexes[images] ?? Self.index(images)
            indexes[images] = top
            let label = labelPath(relative)
            guard let image = index[stem] ?? top[stem] else {
                problems.append(BatchProblem(label, "no image named \(stem).* in \(folder)"))
                continue
            }
            pairs.append(YOLOLabelled(image: image, label: label, split: split))
        }
        return (pairs, problems)
    }

    /// The label file's full path from its path relative to `labels`.
    private func labelPath(_ relative: String) -> String {
        relative.isEmpty ? labels : (labels as NSString).appendingPathComponent(relative)
    }

    /// Label files relative to `labels`, in subfolders too (`""` when `labels` is one file).
    private func labelFiles() throws(BatchProblem) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: labels, isDirectory: &isFolder) else {
            throw BatchProblem.unreadable(labels, "no such label file or folder")
        }
        guard isFolder.boolValue else { return [""] }
        var isImageFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: images, isDirectory: &isImageFolder), isImageFolder.boolValue
        else {
            throw BatchProblem.unreadable(images, "cannot list the image folder")
        }
        guard let walker = FileManager.default.enumerator(atPath: labels) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { walker.skipDescendants(); continue }
            if name.hasSuffix(".txt") && name != "classes.txt" { found.append(relative) }
        }
        guard !found.isEmpty else {
            throw BatchProblem(labels, "no labels found: no .txt label files in this folder or its subfolders")
        }
        return found.sorted()
    }

    /// The images of one folder by stem (the first by name when two share a stem).
    private static func index(_ folder: String) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var index: [String: String] = [:]
        for name in names.sorted() where YOLOImages.isImage(name) {
            let stem = (name as NSString).deletingPathExtension
            if index[stem] == nil { index[stem] = (folder as NSString).appendingPathComponent(name) }
        }
        return index
    }
}
