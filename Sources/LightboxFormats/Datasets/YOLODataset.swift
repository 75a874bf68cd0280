import Foundation
import LightboxSystem
import LightboxYAML

/// An Ultralytics `data.yaml`: the dataset root, the images of each split and the class names.
///
/// Ultralytics needs `train` and `val`: a file without either key is an error, unless `--splits`
/// picks the splits read (each must be there). `test` is optional, so a `test` folder that is
/// missing (a Roboflow export often has none) is a warning and the other splits are cut.
package struct YOLODataset {
    /// The split keys read, in output order.
    package static let splits = ["train", "val", "test"]
    /// Other names of a split that `--splits` takes: Roboflow's folder `valid`, and `validation`
    /// (the key Ultralytics renames to `val`), both the `val` split.
    package static let splitAliases = ["valid": "val", "validation": "val"]
    /// The splits whose folder may be missing: a warning, not an error, unless `--splits` names them.
    package static let optionalSplits: Set<String> = ["test"]

    /// Every image of every split, with its label file.
    package let images: [YOLOLabelled]
    /// The class names by id.
    package let names: [Int: String]
    /// The values of a pose line (`5 + keypoints * dims`) when `kpt_shape` is given.
    package let poseValues: Int?
    /// Warnings about what was left out (a missing optional split), one line each.
    package let warnings: [String]

    /// Reads `path`; every key it uses must be what Ultralytics reads there. `wanted` (from
    /// `--splits`) limits the splits read; `datasetsDir` is where a relative `path` may also be.
    package init(path: String, splits wanted: [String]? = nil, datasetsDir: String? = nil) throws(BatchProblem) {
        let data = try FileContents.read(path, what: "dataset file")
        let root = try ClassNames.document(data, path: path)
        names = try ClassNames.names(in: root, path: path)
        poseValues = try Self.poseValues(root, path: path)
        let present = Self.splitNodes(root)
        if let wanted, let missing = wanted.first(where: { present[$0] == nil }) {
            let has = Self.splits.filter { present[$0] != nil }.joined(separator: ", ")
            throw BatchProblem(path, field: "--splits", "no split '\(missing)' in this file (it has \(has))")
        }
        if wanted == nil { try Self.checkRequired(root, path: path) }
        guard !present.isEmpty else { throw BatchProblem(path, line: root.line, "no 'train', 'val' or 'test' entry") }
        let base = try YOLODatasetRoot.find(root, path: path, datasetsDir: datasetsDir)
        var images: [YOLOLabelled] = []
        var warnings: [String] = []
        var labelFolders: Set<String> = []
        for split in Self.splits where wanted?.contains(split) ?? true {
            guard let node = present[split] else { continue }
            for entry in try Self.entries(node, key: split, path: path) {
                let location = YOLODatasetRoot.resolve(entry.text, base: base)
                guard let found = Self.existing(location, text: entry.text, base: base) else {
                    let problem = BatchProblem(
                        path, line: entry.node.line, field: split, "no such folder or image list: \(location)")
                    guard Self.optionalSplits.contains(split) && wanted == nil else { throw problem }
                    warnings.append("\(problem.description); the \(split) split is skipped")
                    continue
                }
                let entry = try Self.images(at: found)
                for image in entry.images {
                    images.append(YOLOLabelled(image: image, label: YOLOImages.labelPath(of: image), split: split))
                }
                labelFolders.formUnion(entry.labelFolders)
            }
        }
        let labels = Set(images.map(\.label))
        if let orphans = YOLOOrphanLabels.warning(dataset: path, folders: labelFolders, labels: labels, base: base) {
            warnings.append(orphans)
        }
        self.images = images
        self.warnings = warnings
    }

    /// Throws when `train` or `val` (or `validation`) is not a key of the file, as Ultralytics'
    /// `check_det_dataset` refuses it; a key whose folder is missing is found later.
    private static func checkRequired(_ root: YAMLNode, path: String) throws(BatchProblem) {
        let keys = [("train", root["train"]), ("val", root["val"] ?? root["validation"])]
        guard let missing = keys.first(where: { $0.1 == nil })?.0 else { return }
        throw BatchProblem(
            path, line: root.line, field: missing,
            "no '\(missing)' entry: Ultralytics needs 'train' and 'val' (--splits reads only the splits it names)")
    }

    /// The split entries present and not null, by split; `validation` stands for a missing `val`,
    /// as Ultralytics renames it.
    private static func splitNodes(_ root: YAMLNode) -> [String: YAMLNode] {
        var nodes: [String: YAMLNode] = [:]
        for split in splits {
            if let node = root[split], !node.isNull { nodes[split] = node }
        }
        if nodes["val"] == nil, root["val"] == nil, let node = root["validation"], !node.isNull { nodes["val"] = node }
        return nodes
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

    /// Where a split entry is: `location`, or (as Ultralytics retries a missing `../x`) `x` under the root.
    private static func existing(_ location: String, text: String, base: String) -> String? {
        if FileManager.default.fileExists(atPath: location) { return location }
        guard text.hasPrefix("../") else { return nil }
        let retried = YOLODatasetRoot.resolve(String(text.dropFirst(3)), base: base)
        return FileManager.default.fileExists(atPath: retried) ? retried : nil
    }

    /// The images of one split entry that exists (a folder's images or a list file's lines), and
    /// the label folders where label files without an image are looked for: the folder's label
    /// folder, or those of the list's images.
    private static func images(at found: String) throws(BatchProblem) -> (images: [String], labelFolders: Set<String>) {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: found, isDirectory: &isFolder)
        guard !isFolder.boolValue else {
            return (YOLOImages.inFolder(found), YOLOOrphanLabels.labelFolder(of: found).map { [$0] } ?? [])
        }
        let images = try YOLOImages.inList(found)
        let folders = Set(images.map(PathText.folder(of:)))
        return (images, Set(folders.compactMap(YOLOOrphanLabels.labelFolder(of:))))
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
