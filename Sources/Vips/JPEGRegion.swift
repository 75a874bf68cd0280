import CJpeg
import CVips

/// A JPEG decoded only over one rect with libjpeg-turbo's partial decode, streamed into libvips.
///
/// Rows above the rect are only entropy-decoded (`jpeg_skip_scanlines`), or not read at all when
/// the file has restart markers (decoding starts at the interval holding the rect's first rows),
/// columns outside it are not transformed (`jpeg_crop_scanline`), and nothing below its last row
/// is read. The result is a sequential libvips image whose rows are decoded as a pipeline asks for them.
package enum JPEGRegion {
    /// The rect of `path` (in the pixels of its load shrunk by `shrink`: 1, 2, 4 or 8), or nil
    /// when the partial decoder cannot serve the file (progressive, arithmetic, lossless,
    /// 12-bit, CMYK/YCCK, unreadable), which the caller then gives to libvips.
    ///
    /// `header` is the file's libvips header (not decoded): the result carries its metadata.
    /// A warning or error while decoding fails the pipeline that reads the result, with the
    /// reason in libvips' error buffer, so the caller can fall back to libvips' own decode.
    package static func load(
        _ path: String, header: VImage, left: Int, top: Int, width: Int, height: Int, shrink: Int = 1
    ) -> VImage? {
        guard
            let region = open(path, header: header, left: left, top: top, width: width, height: height, shrink: shrink)
        else { return nil }
        guard let image = stream(region, header: header, width: width, height: height) else {
            lbx_jpeg_region_close(region)
            return nil
        }
        return try? VOperation.call("sequential", [("in", .image(image)), ("tile-height", .int(16))], cached: false)
            .image()
    }

    /// The rect of `path` as `load` gives it, decoded at once on the calling thread into an image
    /// in memory (no libvips pipeline, thread pool or copy), with the header's kind of pixels but
    /// none of its metadata (`carryingHeader(of:)` gives it that); nil where `load` gives nil, or
    /// when the decoder fails or warns (the caller then decodes another way).
    package static func decode(
        _ path: String, header: VImage, left: Int, top: Int, width: Int, height: Int, shrink: Int = 1
    ) -> VImage? {
        guard
            let region = open(path, header: header, left: left, top: top, width: width, height: height, shrink: shrink)
        else { return nil }
        defer { lbx_jpeg_region_close(region) }
        guard let made = vips_image_new_memory() else { return nil }
        let image = VImage(owning: made)
        let kind = header.pointer.pointee
        vips_image_init_fields(
            made, Int32(width), Int32(height), kind.Bands, VIPS_FORMAT_UCHAR, VIPS_CODING_NONE, kind.Type, kind.Xres,
            kind.Yres)
        guard vips_image_write_prepare(made) == 0, let rows = made.pointee.data else { return nil }
        let line = width * header.bands
        guard lbx_jpeg_region_read(region, rows, 0, 0, Int32(width), Int32(height), line) == 0 else { return nil }
        return image
    }

    /// The partial decoder of the rect of `path` for `load` and `decode` (the caller closes it), or
    /// nil when it cannot serve the file or its pixels are not the header's kind.
    private static func open(
        _ path: String, header: VImage, left: Int, top: Int, width: Int, height: Int, shrink: Int
    ) -> UnsafeMutablePointer<lbx_jpeg_region>? {
        Vips.ensureStarted()
        guard [1, 2, 4, 8].contains(shrink), header.format == "uchar", [1, 3].contains(header.bands),
            let opened = try? PinnedFiles.opening(path)
        else { return nil }
        var status: Int32 = 0
        guard
            let region = lbx_jpeg_region_open(
                opened, Int32(left), Int32(top), Int32(width), Int32(height), Int32(shrink), &status)
        else { return nil }
        region.pointee.no_restart = restartsDisabled ? 1 : 0
        guard Int(region.pointee.bands) == header.bands else {
            lbx_jpeg_region_close(region)
            return nil
        }
        return region
    }

    /// Whether LIGHTBOX_NO_RESTART=1 keeps the region decoder and the lossless cut from starting at
    /// restart markers (benchmarks measure the path without them with it).
    package static let restartsDisabled = getenv("LIGHTBOX_NO_RESTART").map { String(cString: $0) } == "1"

    /// The restart interval of the JPEG at `path` in MCUs when the region decoder serves it and can
    /// start at its restart markers (rows above a rect then cost nothing), else 0.
    package static func restartInterval(_ path: String) -> Int {
        guard !restartsDisabled, let opened = try? PinnedFiles.opening(path) else { return 0 }
        return Int(lbx_jpeg_region_restart_interval(opened))
    }

    /// A new image with `header`'s fields and metadata, `width` by `height`, generated from `region`,
    /// which it owns from here on (freed when the image closes).
    private static func stream(
        _ region: UnsafeMutablePointer<lbx_jpeg_region>, header: VImage, width: Int, height: Int
    ) -> VImage? {
        guard let image = vips_image_new() else { return nil }
        var inputs: [UnsafeMutablePointer<VipsImage>?] = [header.pointer, nil]
        guard vips_image_pipeline_array(image, VIPS_DEMAND_STYLE_THINSTRIP, &inputs) == 0 else {
            lbx_image_unref(image)
            return nil
        }
        image.pointee.Xsize = Int32(width)
        image.pointee.Ysize = Int32(height)
        g_signal_connect_data(
            image, "close", unsafeBitCast(closeRegion, to: GCallback.self), region, nil, GConnectFlags(rawValue: 0))
        guard vips_image_generate(image, nil, generateRows, nil, region, nil) == 0 else {
            lbx_image_unref(image)
            return nil
        }
        return VImage(owning: image)
    }

    /// The generate callback: decodes the rows of the region libvips asks for, in order.
    private static let generateRows: VipsGenerateFn = { output, _, state, _, _ in
        guard let output, let state else { return -1 }
        let region = state.assumingMemoryBound(to: lbx_jpeg_region.self)
        let rect = output.pointee.valid
        let status = lbx_jpeg_region_read(
            region, output.pointee.data, rect.left, rect.top, rect.width, rect.height, Int(output.pointee.bpl)
        )
        guard status == 0 else {
            withVaList([lbx_jpeg_region_message(region)]) { vips_verror("VipsJpeg", "%s", $0) }
            return -1
        }
        return 0
    }

    /// The image's "close" handler: frees the decoder it owned.
    private static let closeRegion:
        @convention(c) (UnsafeMutablePointer<VipsImage>?, UnsafeMutableRawPointer?) -> Void = { _, state in
            lbx_jpeg_region_close(state?.assumingMemoryBound(to: lbx_jpeg_region.self))
        }
}
