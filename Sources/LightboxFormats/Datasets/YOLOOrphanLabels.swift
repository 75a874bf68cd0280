import Foundation
import LightboxSystem

/// Label files in a data.yaml's label folders that no image of the dataset names: Ultralytics
/// skips them without a word, Lightbox says so once, with the count and the first few names.
package enum YOLOOrphanLabels {
    /// How many names the warning shows.
    static let shown = 3

    /// The label folder of an image folder (its last `/images/` made `/labels/`), or nil when the
    /// labels would sit beside the images, where other text files are not labels.
    static func labelFolder(of imageFolder: String) -> String? {
        let folder = PathText.folder(of: YOLOImages.labelPath(of: imageFolder + "/probe.jpg"))
        return folder == imageFolder ? nil : folder
    }

    /// The warning for the `.txt` files under `folders` (hidden ones skipped) that are not in
    /// `labels`, named relative to `base` when under it; nil when there are none.
    static func warning(dataset path: String, folders: Set<String>, labels: Set<String>, base: String) -> String? {
        var orphans: Set<String> = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                let file = (folder as NSString).appendingPathComponent(relative)
                if name.hasSuffix(".txt") && !labels.contains(file) { orphans.insert(file) }
            }
        }
        guard !orphans.isEmpty else { return nil }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let names = orphans.sorted().prefix(shown).map {
            $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0
        }
        let more = orphans.count > shown ? " and \(orphans.count - shown) more" : ""
        let count = orphans.count == 1 ? "1 label file has" : "\(orphans.count) label files have"
        return "\(path): \(count) no image and \(orphans.count == 1 ? "is" : "are") skipped: "
            + names.joined(separator: ", ") + more
    }
}
