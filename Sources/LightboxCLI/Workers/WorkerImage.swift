import LightboxRender
import LightboxWorkers
import Vips

/// Small decoded images across the worker pipe (card photos, previews): 8-bit sRGB pixels.
enum WorkerImage {
    /// Appends `image` as opaque 8-bit sRGB pixels, or an empty image when it cannot be read out.
    static func write(_ image: VImage, to wire: inout WireWriter) {
        guard let opaque = try? CardPhoto.opaqueSRGB(image), let bytes = try? opaque.ucharBytes() else {
            wire.list([Int]()) { $0.int($1) }
            return
        }
        wire.list([opaque.width, opaque.height, opaque.bands]) { $0.int($1) }
        wire.data(bytes)
    }

    /// Reads an image that `write` appended; nil for an empty one.
    static func read(from wire: inout WireReader) throws(WireReader.Malformed) -> VImage? {
        let shape = try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in try wire.int() }
        guard shape.count == 3 else { return nil }
        let bytes = try wire.data()
        return try? VImage.fromUCharBytes(bytes, width: shape[0], height: shape[1], bands: shape[2])
    }
}
