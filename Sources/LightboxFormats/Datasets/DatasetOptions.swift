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

    /// Whether boxes of class `name` are cropped.
    package func keeps(_ name: String) -> Bool {
        only?.contains(name) ?? true
    }

    /// Throws when `--only` names a class the dataset does not have (a typo would crop nothing).
    package func checkOnly(known: Set<String>, file: String) throws(BatchProblem) {
        guard let only, let missing = only.sorted().first(where: { !known.contains($0) }) else { return }
        throw BatchProblem(
            file, field: "--only",
            "no class named '\(missing)' (the classes are \(known.sorted().prefix(20).joined(separator: ", ")))")
    }
}
