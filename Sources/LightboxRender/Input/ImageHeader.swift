import LightboxGeometry
import Vips

/// An image's stored size and EXIF orientation, read from its header without decoding pixels.
package struct ImageHeader: Sendable, Equatable {
    /// The stored width in pixels.
    package let width: Int
    /// The stored height in pixels.
    package let height: Int
    /// The orientation the viewer applies.
    package let orientation: ExifOrientation

    /// Reads the header of `path`.
    package init(path: String) throws(RenderError) {
        // The same plain reasons as `InputFile` (missing, a folder, empty), not libvips' words.
        try InputFile.checkReadable(path)
        let image = try RenderError.catching(path) { () throws(VipsError) in
            try VImage.load(path, access: .sequential)
        }
        width = image.width
        height = image.height
        orientation = ExifOrientation(tag: image.orientation)
    }

    /// The size the viewer shows, after the orientation.
    package var displayedSize: (width: Int, height: Int) {
        orientation.displayedSize(width: width, height: height)
    }
}
