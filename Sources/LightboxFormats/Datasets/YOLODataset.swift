import Foundation
import LightboxYAML

/// An Ultralytics `data.yaml`: the dataset root, the images of each split and the class names.
package struct YOLODataset {
    /// The split keys read, in output order.
    package static let splits = ["train", "val", "test"]

    /// Every image of every split, with its label file.
    package let images: [YOLOLabelled]
    /// The class names by id.
    package let names: [Int: String]
    /// The values of a pose line (`5 + keypoints * dims`) when `kpt_shape` is given.
    package let poseValues: Int?

    /// Reads `path`; every key it uses must be what Ultralytics reads there.
    package init(path: String) throws(BatchProblem) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BatchProblem(path, "cannot read the dataset file")
        }
        let root = try ClassNames.document(data, path: path)
        names = try ClassNames.names(in: root, path: path)
        poseValues = try Self.poseValues(root, path: path)
        let base = try Self.root(root, path: path)
        var images: [YOLOLabelled] = []
        var anySplit = false
        for split in Self.splits {
            guard let node = root[split], !node.isNull else { continue }
            anySplit = true
            for entry in try Self.entries(node, key: split, path: path) {
                let location = Self.resolve(entry.text, base: base)
                for image in try Self.images(at: location, base: base, node: entry.node, key: split, path: path) {
                    images.append(YOLOLabelled(image: image, label: YOLOImages.labelPath(of: image), split: split))
                }
            }
        }
        guard anySplit else { throw BatchProblem(path, line: root.line, "no 'train', 'val' or 'test' entry") }
        self.images = images
    }

    /// The dataset root: `path` relative to the yaml file's folder, or that folder.
    private static func root(_ root: YAMLNode, path: String) throws(BatchProblem) -> String {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).standardizingPath
        guard let node = root["path"], !node.isNull else { return folder.isEmpty ? "." : folder }
        guard let text = node.text, !text.isEmpty else {
            throw BatchProblem(path, line: node.line, field: "path", "expected a folder, got \(node.kindName)")
        }
        return resolve(text, base: folder.isEmpty ? "." : folder)
    }

    /// A split's value as paths: one path, or a list of them.
    private static func entries(
        _ node: YAMLNode, key: String, path: String
    ) throws(BatchProblem) -> [(text: String, node: YAMLNode)] {
        let nodes = node.items ?? [node]
        var entries: [(text: String, node: YAMLNode)] = []
        for item in nodes {
            guard let text = item.text, !item.isNull else {
                throw BatchProblem(
                    path, line: item.line, field: key, "expected a folder or an image list, got \(item.kindName)")
            }
            entries.append((text, item))
        }
        return entries
    }

    /// The images of one split entry: a folder's images or a list file's lines (Ultralytics
    /// retries a missing `../x` as `x` under the root).
    private static func images(
        at location: String, base: String, node: YAMLNode, key: String, path: String
    ) throws(BatchProblem) -> [String] {
        var isFolder: ObjCBool = false
        var found = location
        if !FileManager.default.fileExists(atPath: found, isDirectory: &isFolder), let text = node.text,
            text.hasPrefix("../")
        {
            found = resolve(String(text.dropFirst(3)), base: base)
        }
        guard FileManager.default.fileExists(atPath: found, isDirectory: &isFolder) else {
            throw BatchProblem(path, line: node.line, field: key, "no such folder or image list: \(location)")
        }
        return isFolder.boolValue ? YOLOImages.inFolder(found) : try YOLOImages.inList(found)
    }

    /// `text` against `base` unless it is absolute, with `.` and `..` folded.
    private static func resolve(_ text: String, base: String) -> String {
        let joined = text.hasPrefix("/") ? text : (base as NSString).appendingPathComponent(text)
        return (joined as NSString).standardizingPath
    }

    /// `kpt_shape: [keypoints, dims]` as the value count of a pose line.
    private static func poseValues(_ root: YAMLNode, path: String) throws(BatchProblem) -> Int? {
        guard let node = root["kpt_shape"], !node.isNull else { return nil }
        guard let items = node.items, items.count == 2, let points = items[0].integer, let dims = items[1].integer,
            points >= 1, dims == 2 || dims == 3
        else {
            throw BatchProblem(path, line: node.line, field: "kpt_shape", "expected [keypoints, 2 or 3]")
        }
        return 5 + points * dims
    }
}
