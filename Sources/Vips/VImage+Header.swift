import CVips

/// Pixels decoded apart from a file's own loader, given the file's header back.
extension VImage {
    /// A HEIF file held in memory, decoded by libvips' own `heifload` (libheif), lazily; the HEIF
    /// module is loaded first when it is not yet (the loader is one of libvips' modules).
    package static func heif(buffer: [UInt8]) throws(VipsError) -> VImage {
        Vips.ensureStarted()
        if VipsModules.areDeferred && !VipsModules.heifLoaded { VipsModules.load() }
        return try VOperation.call("heifload_buffer", [("buffer", .blob(buffer))], cached: false).image()
    }

    /// These pixels with `header`'s fields and metadata (its ICC profile, EXIF, XMP, resolution,
    /// interpretation), as if the header's own loader had decoded them; bands and format must
    /// match. The pixels are read as a pipeline asks for them.
    package func carryingHeader(of header: VImage) throws(VipsError) -> VImage {
        guard bands == header.bands, format == header.format else {
            throw VipsError("pixels of \(bands) \(format) bands under a header of \(header.bands) \(header.format)")
        }
        guard let image = vips_image_new() else { throw VipsError.fromBuffer("new image") }
        var inputs: [UnsafeMutablePointer<VipsImage>?] = [header.pointer, nil]
        guard vips_image_pipeline_array(image, VIPS_DEMAND_STYLE_THINSTRIP, &inputs) == 0 else {
            lbx_image_unref(image)
            throw VipsError.fromBuffer("pipeline")
        }
        image.pointee.Xsize = Int32(width)
        image.pointee.Ysize = Int32(height)
        lbx_image_ref(pointer)
        g_signal_connect_data(
            image, "close", unsafeBitCast(VImage.releaseSource, to: GCallback.self), pointer, nil,
            GConnectFlags(rawValue: 0))
        guard vips_image_generate(image, vips_start_one, VImage.copyRegion, vips_stop_one, pointer, nil) == 0 else {
            lbx_image_unref(image)
            throw VipsError.fromBuffer("generate")
        }
        return VImage(owning: image)
    }

    /// The generate callback: the requested area of the source (the sequence's region on it), as is.
    private static let copyRegion: VipsGenerateFn = { output, sequence, _, _, _ in
        guard let output, let sequence else { return -1 }
        let input = sequence.assumingMemoryBound(to: VipsRegion.self)
        var area = output.pointee.valid
        guard vips_region_prepare(input, &area) == 0 else { return -1 }
        return vips_region_region(output, input, &area, area.left, area.top)
    }

    /// The image's "close" handler: drops the reference it held on its source.
    private static let releaseSource:
        @convention(c) (UnsafeMutablePointer<VipsImage>?, UnsafeMutableRawPointer?) -> Void = { _, source in
            source.map { lbx_image_unref($0.assumingMemoryBound(to: VipsImage.self)) }
        }
}
