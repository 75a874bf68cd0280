/// What every dataset format (YOLO, COCO, VOC) does to its boxes: `--pad`, `--square`, `--strict`, `--only`.
struct DatasetOptions: Sendable {
    /// Each side moves out by this fraction of the box's size.
    let pad: Double
    /// Grow the short side to make square crops.
    let square: Bool
    /// Refuse boxes that stick out of the image instead of clipping them.
    let strict: Bool
    /// The class names kept (`--only`); nil keeps every class.
    let only: Set<String>?

    /// Whether boxes of class `name` are cropped.
    func keeps(_ name: String) -> Bool {
        only?.contains(name) ?? true
    }

    /// Throws when `--only` names a class the dataset does not have (a typo would crop nothing).
    func checkOnly(known: Set<String>, file: String) throws(BatchProblem) {
        guard let only, let missing = only.sorted().first(where: { !known.contains($0) }) else { return }
        throw BatchProblem(
            file, field: "--only",
            "no class named '\(missing)' (the classes are \(known.sorted().prefix(20).joined(separator: ", ")))")
    }
}
