import Foundation

/// The save options each output format takes: libvips 8.14's saver options less those that read
/// files (`profile` is Lightbox's own), write metadata Lightbox drops (TIFF's `properties`), or
/// that Lightbox sets itself (`background`, `page_height`).
extension SaverOption {
    /// The options `format` takes, in the order help lists them.
    package static func allowed(for format: OutputFormat) -> [SaverOption] {
        switch format {
        case .jpeg: jpeg
        case .png: png
        case .webp: webp
        case .tiff: tiff
        case .gif: gif
        case .heic, .avif: heif
        }
    }

    /// The declaration of `name` (`-` or `_`, any case) for `format`, or nil.
    package static func named(_ name: String, for format: OutputFormat) -> SaverOption? {
        let key = name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "-", with: "_").lowercased()
        return allowed(for: format).first { $0.name.lowercased() == key }
    }

    private static let strip = SaverOption("strip", .bool, "write no metadata at all, not even the ICC profile")
    private static let profile = SaverOption(
        "profile", .profile, "embed this ICC profile file (command line only), or none to embed no profile")
    private static let subsample = SaverOption("subsample_mode", .choice(["auto", "on", "off"]), "chroma subsampling")

    private static let jpeg = [
        SaverOption("Q", .int(1...100), "quality"),
        SaverOption("interlace", .bool, "progressive JPEG"),
        SaverOption("optimize_coding", .bool, "optimal Huffman tables"),
        SaverOption("trellis_quant", .bool, "trellis quantisation"),
        SaverOption("overshoot_deringing", .bool, "overshoot samples with extreme values"),
        SaverOption("optimize_scans", .bool, "split the DCT spectrum into scans"),
        SaverOption("quant_table", .int(0...8), "predefined quantisation table"),
        subsample,
        SaverOption("restart_interval", .int(0...65535), "restart markers every N MCUs"),
        strip, profile,
    ]

    private static let png = [
        SaverOption("compression", .int(0...9), "deflate level"),
        SaverOption("interlace", .bool, "Adam7 interlacing"),
        SaverOption("filter", .flags(["none", "sub", "up", "avg", "paeth", "all"]), "libpng row filters"),
        SaverOption("palette", .bool, "quantise to an 8-bit palette"),
        SaverOption("Q", .int(0...100), "palette quantisation quality"),
        SaverOption("dither", .double(0...1), "palette dithering"),
        SaverOption("bitdepth", .intChoice([1, 2, 4, 8, 16]), "bits per sample"),
        SaverOption("effort", .int(1...10), "palette quantisation effort"),
        strip, profile,
    ]

    private static let webp = [
        SaverOption("Q", .int(0...100), "quality"),
        SaverOption("lossless", .bool, "lossless compression"),
        SaverOption(
            "preset", .choice(["default", "picture", "photo", "drawing", "icon", "text"]), "lossy compression preset"),
        SaverOption("smart_subsample", .bool, "high quality chroma subsampling"),
        SaverOption("near_lossless", .bool, "near-lossless preprocessing (uses Q)"),
        SaverOption("alpha_q", .int(0...100), "alpha plane quality"),
        SaverOption("min_size", .bool, "optimise an animation for size"),
        SaverOption("kmin", .int(0...Int(Int32.max)), "least frames between key frames"),
        SaverOption("kmax", .int(0...Int(Int32.max)), "most frames between key frames"),
        SaverOption("effort", .int(0...6), "CPU effort"),
        SaverOption("mixed", .bool, "mixed lossy and lossless frames"),
        strip, profile,
    ]

    private static let tiff = [
        SaverOption(
            "compression",
            .choice(["none", "jpeg", "deflate", "packbits", "ccittfax4", "lzw", "webp", "zstd", "jp2k"]),
            "compression"),
        SaverOption("Q", .int(1...100), "quality of JPEG and WebP compression"),
        SaverOption("predictor", .choice(["none", "horizontal", "float"]), "compression prediction"),
        SaverOption("tile", .bool, "tiled TIFF"),
        SaverOption("tile_width", .int(1...32768), "tile width"),
        SaverOption("tile_height", .int(1...32768), "tile height"),
        SaverOption("pyramid", .bool, "pyramidal TIFF"),
        SaverOption("miniswhite", .bool, "0 is white in 1-bit images"),
        SaverOption("bitdepth", .intChoice([1, 2, 4, 8]), "bits per sample"),
        SaverOption("resunit", .choice(["cm", "inch"]), "resolution unit"),
        SaverOption("xres", .double(0.001...1e6), "horizontal pixels per millimetre"),
        SaverOption("yres", .double(0.001...1e6), "vertical pixels per millimetre"),
        SaverOption("bigtiff", .bool, "BigTIFF"),
        SaverOption(
            "region_shrink", .choice(["mean", "median", "mode", "max", "min", "nearest"]), "pyramid shrink method"),
        SaverOption("level", .int(1...22), "zstd level"),
        SaverOption("lossless", .bool, "lossless WebP compression"),
        SaverOption("depth", .choice(["onepixel", "onetile", "one"]), "pyramid depth"),
        SaverOption("subifd", .bool, "pyramid levels as sub-IFDs"),
        SaverOption("premultiply", .bool, "premultiplied alpha"),
        strip, profile,
    ]

    private static let gif = [
        SaverOption("dither", .double(0...1), "dithering"),
        SaverOption("effort", .int(1...10), "quantisation effort"),
        SaverOption("bitdepth", .int(1...8), "bits per pixel"),
        SaverOption("interframe_maxerror", .double(0...32), "inter-frame error for transparency"),
        SaverOption("reuse", .bool, "reuse the input's palette"),
        SaverOption("interpalette_maxerror", .double(0...256), "inter-palette error for palette reuse"),
        SaverOption("interlace", .bool, "interlaced GIF"),
        strip,
    ]

    private static let heif = [
        SaverOption("Q", .int(1...100), "quality"),
        SaverOption("bitdepth", .intChoice([8, 10, 12]), "bits per sample"),
        SaverOption("lossless", .bool, "lossless compression"),
        SaverOption("compression", .choice(["hevc", "avc", "jpeg", "av1"]), "compression format"),
        SaverOption("effort", .int(0...9), "CPU effort"),
        subsample,
        SaverOption("encoder", .choice(["auto", "aom", "rav1e", "svt", "x265"]), "encoder"),
        strip,
    ]
}
