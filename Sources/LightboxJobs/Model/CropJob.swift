import LightboxFormats

/// The crops of one input, done together so the input is decoded once.
package struct CropJob: Codable, Sendable {
    /// The job's place in the run, from 0 (orders the contact sheet).
    package var order: Int
    /// The input path, resolved.
    package var input: String
    /// The crops, in the order they were asked for.
    package var items: [CropItem]
    /// The annotation's image size for pixel boxes (COCO, VOC); the frame it means is settled when the image is opened.
    package var annotatedSize: AnnotatedSize?
    /// How the crops are read and written.
    package var settings: CropSettings

    /// Makes a job.
    package init(order: Int, input: String, items: [CropItem], settings: CropSettings) {
        self.order = order
        self.input = input
        self.items = items
        self.settings = settings
    }

    /// The warning a run gives once when some crop is both squared and cut losslessly.
    package static let squareSnapWarning =
        "a lossless cut snaps to the JPEG's 8 or 16 pixel blocks, so a --square crop may not stay square (its record says \"snapped\": true)"

    /// Whether some crop is squared (`--square`, a line's `square`) and cut losslessly: the cut
    /// grows it to the JPEG's blocks, so its square may not stay square.
    package var snapsASquare: Bool {
        items.contains { $0.square && $0.cut.lossless }
    }
}
