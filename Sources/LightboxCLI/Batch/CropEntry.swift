import LightboxRender

/// One crop asked for by a batch source (a manifest line, a YOLO box, a `--rect`).
struct CropEntry: Sendable {
    /// The input path.
    let input: String
    /// The crop.
    let item: Cropper.Item
    /// Where it was asked for, such as `crops.csv:12`, for messages and reports.
    let origin: String
    /// For a pixel box (COCO, VOC): the image size the annotation states; `item.rect` is
    /// normalized over it, and the frame it means is settled when the image is opened.
    var annotatedSize: AnnotatedSize? = nil
    /// Whether the rect was clipped to the image (reported as `"clipped": true`).
    var clipped = false
}
