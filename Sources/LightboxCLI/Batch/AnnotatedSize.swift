/// The image size a COCO or VOC annotation states, in pixels.
struct AnnotatedSize: Equatable, Sendable {
    /// The width the annotation gives.
    let width: Int
    /// The height the annotation gives.
    let height: Int

    /// `WxH`.
    var text: String { "\(width)x\(height)" }
}
