import LightboxFormats
import LightboxRender

/// A planned crop as the cropper takes it.
extension CropEntry {
    /// The crop: its rect, output and squaring.
    var item: Cropper.Item {
        Cropper.Item(rect: rect, output: output, square: square)
    }

    /// Makes an entry for the crop `item` of `input`.
    init(input: String, item: Cropper.Item, origin: String, annotatedSize: AnnotatedSize? = nil) {
        self.init(
            input: input, rect: item.rect, output: item.output, square: item.square, origin: origin,
            annotatedSize: annotatedSize)
    }
}
