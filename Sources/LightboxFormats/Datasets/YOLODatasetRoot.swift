import Foundation
import LightboxSystem
import LightboxYAML

/// The root of an Ultralytics dataset, found as Ultralytics' `check_det_dataset` finds it.
///
/// Without `path`, the root is the yaml file's folder. An absolute `path` is used as it is. A
/// relative one is looked for beside the yaml file (Lightbox's own first guess, so a dataset
/// moved as a whole keeps working), then in the current folder and then under the
/// `datasets_dir` (`--datasets-dir`), as Ultralytics looks for it: the first folder that exists
/// is the root. The stock `coco8.yaml` (`path: coco8`) thus finds `DIR/coco8`.
package enum YOLODatasetRoot {
    /// The root folder of the dataset described by `document`, read from the file at `path`.
    package static func find(_ document: YAMLNode, path: String, datasetsDir: String?) throws(BatchProblem) -> String {
        let folder = (PathText.folder(of: path) as NSString).standardizingPath
        let yamlFolder = folder.isEmpty ? "." : folder
        // `--datasets-dir` is only a place to look: when the root is found without it, it would be
        // ignored, so it is refused instead.
        let unused = { (reason: String) in
            BatchProblem(path, field: "--datasets-dir", "not used: \(reason); drop --datasets-dir")
        }
        guard let node = document["path"], !node.isNull else {
            if datasetsDir != nil { throw unused("this file has no 'path', so its folder is the root") }
            return yamlFolder
        }
        guard let text = node.text, !text.isEmpty else {
            throw BatchProblem(path, line: node.line, field: "path", "expected a folder, got \(node.kindName)")
        }
        if text.hasPrefix("/") {
            if datasetsDir != nil { throw unused("'path' \(text) is absolute") }
            return resolve(text, base: "/")
        }
        let candidates = [yamlFolder, "."] + (datasetsDir.map { [$0] } ?? [])
        for (index, base) in candidates.enumerated() {
            var isFolder: ObjCBool = false
            let root = resolve(text, base: base)
            if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue {
                if datasetsDir != nil && index < 2 {
                    throw unused("'path' \(text) is found \(index == 0 ? "beside this file" : "in the current folder")")
                }
                return root
            }
        }
        let looked = datasetsDir.map { "beside this file, in the current folder or in --datasets-dir \($0)" }
        throw BatchProblem(
            path, line: node.line, field: "path",
            "no folder '\(text)' "
                + (looked
                    ?? "beside this file or in the current folder (Ultralytics looks in its datasets_dir too: give it with --datasets-dir DIR)")
        )
    }

    /// `text` against `base` unless it is absolute, with `.` and `..` folded.
    package static func resolve(_ text: String, base: String) -> String {
        let joined = text.hasPrefix("/") ? text : (base as NSString).appendingPathComponent(text)
        return (joined as NSString).standardizingPath
    }
}
