/// One image of a YOLO dataset with its label file and the split it belongs to.
struct YOLOLabelled: Equatable, Sendable {
    /// The image path.
    let image: String
    /// The label file path (it may not exist: an unlabelled background image).
    let label: String
    /// The split folder under `--out-dir` (`train`, `val`...; empty for none).
    let split: String
}
