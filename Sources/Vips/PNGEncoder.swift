import CIsal
import CPng
import CVips
import Foundation

/// Lightbox's PNG writer, for the images libvips' pngsave would write without converting them
/// (grey, grey and alpha, RGB, RGBA, at 8 or 16 bits): the same chunks before the image data
/// (`PNGHead`, written by libpng) and the same pixels, but the rows filtered (None, Up or Paeth,
/// per row) and deflated in strips on every core (`PNGStrips`), where pngsave leaves libpng at
/// zlib level 6 without filters on one thread: several times faster, and smaller on photos.
///
/// `[compression=N]` (0 to 9, default 6, as pngsave's) is honoured: 0 stores the rows unfiltered
/// and uncompressed; 1 to 6 deflate photo-like strips with ISA-L's igzip (four times zlib's
/// fastest, and a third smaller than pngsave's files once rows are filtered), 7 to 9 with zlib's
/// full search at that level (a few per cent smaller, several times slower); a strip where a tenth
/// of the rows are best left unfiltered (text, line art, flat graphics) is written unfiltered with
/// zlib at level N, as pngsave writes it. `LIGHTBOX_PNG_WRITER=libvips` keeps libvips' writer,
/// for comparisons.
package struct PNGEncoder: Sendable {
    /// What its errors start with: the name of libvips' PNG saver, whose errors they stand for
    /// (a damaged input's reason is read after it, as after libvips' own).
    static let context = "VipsForeignSavePngFile"

    /// Whether LIGHTBOX_PNG_WRITER=libvips asks for libvips' own pngsave.
    package static let disabled = ProcessInfo.processInfo.environment["LIGHTBOX_PNG_WRITER"] == "libvips"

    /// The image, as saved.
    let image: VImage
    /// 8 or 16.
    let bitDepth: Int
    /// libpng's colour type: grey, grey and alpha, RGB or RGBA.
    let colorType: Int32
    /// zlib's level, 0 to 9.
    let compression: Int
    /// Whether no metadata at all is written (pngsave's `strip`).
    let strip: Bool

    /// An encoder for `image` saved as pngsave would save it with `arguments` (`compression`,
    /// 6 unless given, and `strip`); nil when libvips' writer is asked for, or for anything
    /// pngsave would convert first (coded pixels, other formats, colour spaces, more bands) or
    /// other arguments (`interlace`, `palette`...), which libvips' writer then handles.
    package init?(_ image: VImage, arguments: [(String, VValue)]) {
        guard !PNGEncoder.disabled, image.isUncoded, (1...4).contains(image.bands),
            let depth = PNGEncoder.depth(
                format: image.format, interpretation: image.interpretation, bands: image.bands)
        else { return nil }
        var strip = false
        var compression = 6
        for (name, value) in arguments {
            switch (name, value) {
            case ("strip", .bool(let flag)): strip = flag
            case ("compression", .int(let level)) where (0...9).contains(level): compression = level
            default: return nil
            }
        }
        self.image = image
        bitDepth = depth
        colorType =
            [PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA][
                image.bands - 1]
        self.compression = compression
        self.strip = strip
    }

    /// The bit depth pngsave writes `format` and `interpretation` at without converting, or nil.
    static func depth(format: String, interpretation: String, bands: Int) -> Int? {
        switch (format, interpretation) {
        case ("uchar", "rgb16"), ("uchar", "grey16"): return nil
        case ("uchar", "srgb"): return 8
        case ("uchar", _): return bands <= 2 ? 8 : nil
        case ("ushort", "grey16"): return bands <= 2 ? 16 : nil
        case ("ushort", "rgb16"): return bands >= 3 ? 16 : nil
        default: return nil
        }
    }

    /// Bytes per pixel: what the filters look back by.
    var bytesPerPixel: Int { image.bands * bitDepth / 8 }

    /// The zlib stream's two header bytes, as zlib writes them for `compression`.
    var zlibHeader: [UInt8] {
        let flags = compression < 2 ? 0 : compression < 6 ? 1 : compression == 6 ? 2 : 3
        var header = (Z_DEFLATED + ((MAX_WBITS - 8) << 4)) << 8 | Int32(flags << 6)
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    /// How a strip is deflated.
    enum Deflater {
        /// ISA-L's igzip: photo-like filtered rows at levels 1 to 6.
        case igzip
        /// zlib at the level, with this strategy.
        case zlib(Int32)
    }

    /// How a strip is deflated: zlib's full string matching at the level for a `plain`
    /// (unfiltered) strip, as pngsave deflates every strip, and for every strip at level 0;
    /// filtered rows with igzip up to level 6 and zlib's strategy for filtered data above.
    func deflater(plain: Bool) -> Deflater {
        plain || compression == 0 ? .zlib(Z_DEFAULT_STRATEGY) : compression <= 6 ? .igzip : .zlib(Z_FILTERED)
    }

    /// Writes the PNG to `path`, deflating on as many threads as libvips' pipelines use.
    package func write(to path: String) throws(VipsError) {
        let head = try PNGHead(image, bitDepth: bitDepth, colorType: colorType, strip: strip)
        if head.droppedICC { VipsWarnings.record("bad ICC profile not saved") }
        let file = try PNGFile(path: path)
        try file.write(head.bytes)
        try PNGStrips(self, file: file, threads: max(1, Int(vips_concurrency_get()))).write()
        try file.finish()
    }
}
