import Vips

/// A small decoded image as plain 8-bit sRGB pixels, so a worker process can hand it to its parent.
///
/// Card photos and crop previews cross the worker pipe this way; the command line carries the
/// bytes without touching libvips.
package struct PixelBuffer: Sendable, Equatable {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    /// The bands per pixel (3 for sRGB).
    package let bands: Int
    /// The pixels, band-interleaved row by row: `width * height * bands` bytes.
    package let bytes: [UInt8]

    /// Makes a buffer from its parts, as read from a pipe.
    package init(width: Int, height: Int, bands: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bands = bands
        self.bytes = bytes
    }

    /// `image` as opaque 8-bit sRGB pixels, or nil when its pixels cannot be read out.
    package init?(_ image: VImage) {
        guard let opaque = try? CardPhoto.opaqueSRGB(image), let bytes = try? opaque.ucharBytes() else {
            return nil
        }
        self.init(width: opaque.width, height: opaque.height, bands: opaque.bands, bytes: bytes)
    }

    /// The pixels as an sRGB image, or nil when the shape and the bytes disagree.
    package var image: VImage? {
        try? VImage.fromUCharBytes(bytes, width: width, height: height, bands: bands)
    }
}
