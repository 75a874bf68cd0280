import LightboxRender
import LightboxWorkers

/// Small decoded images across the worker pipe (card photos, previews): a shape and 8-bit sRGB pixels.
package enum WorkerImage {
    /// Appends `pixels`, or an empty image when there are none (the image could not be read out).
    package static func write(_ pixels: PixelBuffer?, to wire: inout WireWriter) {
        guard let pixels else {
            wire.list([Int]()) { $0.int($1) }
            return
        }
        wire.list([pixels.width, pixels.height, pixels.bands]) { $0.int($1) }
        wire.data(pixels.bytes)
    }

    /// Reads what `write` appended; nil for an empty image.
    package static func read(from wire: inout WireReader) throws(WireReader.Malformed) -> PixelBuffer? {
        let shape = try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in try wire.int() }
        guard shape.count == 3 else { return nil }
        return PixelBuffer(width: shape[0], height: shape[1], bands: shape[2], bytes: try wire.data())
    }
}
