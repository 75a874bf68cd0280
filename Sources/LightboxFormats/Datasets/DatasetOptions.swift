import Foundation

/// What every dataset format (YOLO, COCO, VOC) does to its boxes: `--pad`, `--square`, `--strict`, `--only`.
package struct DatasetOptions: Sendable {
    /// Each side moves out by this fraction of the box's size.
    package let pad: Double
    /// Grow the short side to make square crops.
    package let square: Bool
    /// Refuse boxes that stick out of the image instead of clipping them.
    package let strict: Bool
    /// The class names kept (`--only`); nil keeps every class.
    package let only: Set<String>?
    /// Whether Lightbox can write an output with this extension (without the dot); others become PNG.
    package let writes: @Sendable (String) -> Bool
    /// Whether entries carry their shapes (YOLO OBB and segment lines, COCO segmentations), for
    /// `--oriented upright` and `--mask`; COCO segmentations are read only then.
    package let shapes: Bool

    /// Makes the options.
    package init(
        pad: Double, square: Bool, strict: Bool, only: Set<String>?, writes: @escaping @Sendable (String) -> Bool,
        shapes: Bool = false
    ) {
        self.pad = pad
        self.square = square
        self.strict = strict
        self.only = only
        self.writes = writes
        self.shapes = shapes
    }

    /// The image's own extension when Lightbox can write it, else `png`.
    package func outputExtension(of image: String) -> String {
        let ext = (image as NSString).pathExtension
        return writes(ext) ? ext : "png"
    }

    /// Whether boxes of class `name` (numbered `id` when the format numbers its classes) are
    /// cropped: `--only` lists names, ids, or both.
    package func keeps(_ name: String, id: Int? = nil) -> Bool {
        guard let only else { return true }
        return only.contains(name) || id.map { only.contains(String($0)) } == true
    }

    /// Throws when `--only` lists a class that is neither a name nor an id of `known` (by id,
    /// nil for VOC, whose classes are names only): a typo would crop nothing. `source` says
    /// where the names come from, such as `data.yaml` or `--classes names.txt`.
    package func checkOnly(known: [(id: Int?, name: String)], file: String, source: String) throws(BatchProblem) {
        guard let only else { return }
        let names = Set(known.map(\.name))
        let ids = Set(known.compactMap { $0.id.map(String.init) })
        guard let missing = only.sorted().first(where: { !names.contains($0) && !ids.contains($0) }) else { return }
        let sorted = known.sorted { ($0.id ?? 0, $0.name) < ($1.id ?? 0, $1.name) }
        let shown = sorted.prefix(20).map { entry in entry.id.map { "\($0) \(entry.name)" } ?? entry.name }
        let more = known.count > 20 ? ", ... (\(known.count) in all)" : ""
        let named = ids.isEmpty ? "named" : "named or numbered"
        throw BatchProblem(
            file, field: "--only",
            "no class \(named) '\(missing)' in \(source) (the classes are \(shown.joined(separator: ", "))\(more))")
    }

    /// Throws when `--only` cannot match anything because the classes have no names: only ids
    /// can be picked then, and each must be the class of some box (`found`, the ids seen).
    package func checkOnlyIDs(found: Set<Int>?, file: String) throws(BatchProblem) {
        guard let only else { return }
        if let name = only.sorted().first(where: { Int($0).map { $0 < 0 } ?? true }) {
            throw BatchProblem(
                file, field: "--only",
                "'\(name)' is not a class id, and these labels have no class names: give them with --classes data.yaml|names.txt, or pick classes by id (--only 0,3)"
            )
        }
        guard let found, let missing = only.compactMap({ Int($0) }).sorted().first(where: { !found.contains($0) })
        else { return }
        throw BatchProblem(
            file, field: "--only",
            "no box has class \(missing) (the class ids found are \(found.sorted().map(String.init).joined(separator: ", ")); --classes names them)"
        )
    }
}
