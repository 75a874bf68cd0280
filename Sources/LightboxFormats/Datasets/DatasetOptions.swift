import Foundation
import LightboxArguments

/// What every dataset format does to its boxes: `--pad`, `--square`, `--strict`, `--only`.
package struct DatasetOptions: Sendable {
    /// Each side moves out by this fraction of the box's size.
    package let pad: Double
    /// Grow the short side to make square crops.
    package let square: Bool
    /// Refuse boxes that stick out of the image instead of clipping them.
    package let strict: Bool
    /// The classes kept (`--only`), by name or id; nil keeps every class.
    package let only: Set<String>?
    /// Whether Lightbox can write an output with this extension (without the dot); others become PNG.
    package let writes: @Sendable (String) -> Bool
    /// Whether entries carry their shapes (YOLO OBB and segment lines, COCO segmentations), for
    /// `--oriented upright` and `--mask`; COCO segmentations are read only then.
    package let shapes: Bool
    /// The extension of every crop (`--format`), or nil for each image's own.
    package let outputFormat: String?

    /// Makes the options.
    package init(
        pad: Double, square: Bool, strict: Bool, only: Set<String>?, writes: @escaping @Sendable (String) -> Bool,
        shapes: Bool = false, outputFormat: String? = nil
    ) {
        self.pad = pad
        self.square = square
        self.strict = strict
        self.only = only
        self.writes = writes
        self.shapes = shapes
        self.outputFormat = outputFormat
    }

    /// `--format`'s extension when given, else the image's own when Lightbox can write it, else `png`.
    package func outputExtension(of image: String) -> String {
        if let outputFormat { return outputFormat }
        let ext = (image as NSString).pathExtension
        return writes(ext) ? ext : "png"
    }

    /// Whether boxes of class `name` (numbered `id` when the format numbers its classes) are
    /// cropped: `--only` lists names, ids, or both.
    package func keeps(_ name: String, id: Int? = nil) -> Bool {
        guard let only else { return true }
        return DatasetClass(id: id, name: name).isPicked(among: only)
    }

    /// Throws when `--only` lists a class that is neither a name nor an id of `known`: a typo
    /// would crop nothing. `source` says where the names come from, such as `data.yaml` or
    /// `--classes names.txt`.
    package func checkOnly(known: [DatasetClass], file: String, source: String) throws(BatchProblem) {
        guard let only else { return }
        guard let missing = only.sorted().first(where: { entry in !known.contains { $0.isPicked(by: entry) } })
        else { return }
        let named = known.contains { $0.id != nil } ? "named or numbered" : "named"
        let hint = NearestName.to(missing, among: known.compactMap(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        throw BatchProblem(
            file, field: "--only",
            "no class \(named) '\(missing)' in \(source)\(hint) (the classes are \(DatasetClass.list(known, all: true)))"
        )
    }

    /// Throws when `--only` lists a name but the classes have none: only ids can be picked then.
    package func checkOnlyIDs(file: String) throws(BatchProblem) {
        guard let only, let name = only.sorted().first(where: { Int($0).map { $0 < 0 } ?? true }) else { return }
        throw BatchProblem(
            file, field: "--only",
            "'\(name)' is not a class id, and these labels have no class names: give them with --classes data.yaml|names.txt, or pick classes by id (--only 0,3)"
        )
    }

    /// Warns of each `--only` class no box has (`seen`: the class of every box read; `known`
    /// names the classes) while the others are cut, and throws when no box has any of them:
    /// the run would crop nothing it was asked for.
    package func checkMatched(
        seen: Set<DatasetClass>, known: [DatasetClass], file: String, warn: (String) -> Void
    ) throws(BatchProblem) {
        guard let only else { return }
        let missing = only.filter { entry in !seen.contains { $0.isPicked(by: entry) } }
        let classes = Set(
            missing.map { entry in known.first { $0.isPicked(by: entry) } ?? DatasetClass(id: Int(entry), name: nil) })
        let named = DatasetClass.sorted(classes).map(\.quoted)
        guard missing.count == only.count else {
            for name in named { warn("--only: no box has class \(name)") }
            return
        }
        let unnamed = !seen.isEmpty && seen.allSatisfy { $0.name == nil }
        let found =
            seen.isEmpty
            ? "no box was read"
            : "the boxes' classes are \(DatasetClass.list(Array(seen)))"
                + (unnamed ? "; --classes names them" : "")
        throw BatchProblem(
            file, field: "--only",
            "no box has class \(named.joined(separator: " or ")): nothing to crop (\(found))")
    }
}
