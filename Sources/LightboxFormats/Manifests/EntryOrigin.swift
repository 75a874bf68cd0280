/// Where a dataset's crop was asked for: a line of a file (a YOLO label file's, a VOC file's
/// object), or a COCO annotation, whose ids name it better (a pycocotools file is one line).
package struct EntryOrigin: Sendable, Equatable, CustomStringConvertible {
    /// The file the crop came from.
    package let file: String
    /// The line in `file`, from 1.
    package let line: Int
    /// A COCO annotation's ids; nil for any other format.
    package var annotation: AnnotationID?

    /// Line `line` of `file`.
    package init(file: String, line: Int, annotation: AnnotationID? = nil) {
        self.file = file
        self.line = line
        self.annotation = annotation
    }

    /// `file:line`, for messages.
    package var description: String { "\(file):\(line)" }
}
