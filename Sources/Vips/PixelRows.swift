import CVips

/// A rect of an 8-bit image held in memory, as rows read where they are: the crops of a photo
/// decoded once are compressed from its pixels without a libvips image, operation or region each.
package struct PixelRows {
    /// The image in memory the rows are part of, kept alive while they are read.
    let image: VImage
    /// Where the rect's first pixel is, in bytes from the image's first.
    let offset: Int
    /// The bytes from one row to the next (the image's line).
    let stride: Int
    /// The rect's width, in pixels.
    package let width: Int
    /// The rect's height, in rows.
    package let height: Int
    /// The bands of every pixel (bytes, at 8 bits).
    package let bands: Int

    /// The rect `left, top, width, height` of `image`, which must be an 8-bit image in memory
    /// (`VImage.inMemory()`); nil when it is not, or the rect is not inside it.
    package init?(of image: VImage, left: Int, top: Int, width: Int, height: Int) {
        guard image.format == "uchar", image.isUncoded, left >= 0, top >= 0, width > 0, height > 0,
            left + width <= image.width, top + height <= image.height, PixelRows.inMemory(image)
        else { return nil }
        self.image = image
        stride = image.width * image.bands
        offset = top * stride + left * image.bands
        self.width = width
        self.height = height
        bands = image.bands
    }

    /// Whether `image`'s pixels are all in memory, in one block of rows (libvips' `SETBUF` kinds).
    private static func inMemory(_ image: VImage) -> Bool {
        let kind = image.pointer.pointee.dtype
        return (kind == VIPS_IMAGE_SETBUF || kind == VIPS_IMAGE_SETBUF_FOREIGN) && image.pointer.pointee.data != nil
    }

    /// Runs `body` with the address of the rect's first pixel.
    func withAddress<Result, Failure: Error>(
        _ body: (UnsafeRawPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The image is in memory (checked at init), so its data pointer is there without any work.
        let data = UnsafeRawPointer(vips_image_get_data(image.pointer))!
        return try withExtendedLifetime(image) { () throws(Failure) -> Result in try body(data + offset) }
    }
}
