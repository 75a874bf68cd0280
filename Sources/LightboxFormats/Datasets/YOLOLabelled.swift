/// One image of a YOLO dataset with its label file and the split it belongs to.
package struct YOLOLabelled: Equatable, Sendable {
    /// The image path.
    package let image: String
    /// The label file path (it may not exist: an unlabelled background image).
    package let label: String
    /// The split folder under `--out-dir` (`train`, `val`...; empty for none).
    package let split: String

    /// Makes a value from its parts.
    package init(image: String, label: String, split: String) {
        self.image = image
        self.label = label
        self.split = split
    }
}
