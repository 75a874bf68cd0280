/// The image size a COCO or VOC annotation states, in pixels.
package struct AnnotatedSize: Equatable, Sendable, Codable {
    /// The width the annotation gives.
    package let width: Int
    /// The height the annotation gives.
    package let height: Int

    /// Makes a size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH`.
    package var text: String { "\(width)x\(height)" }
}
