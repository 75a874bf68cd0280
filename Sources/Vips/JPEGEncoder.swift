import CJpeg
import CVips
import Foundation
import LightboxSystem

/// Lightbox's JPEG writer for small pictures with nothing but pixels to write (libvips' `strip`):
/// the pixels made on the calling thread (`vips_region_prepare`) and compressed by libjpeg set up
/// as libvips' jpegsave sets it up (`CJpeg/encode.h`), so the file's bytes are jpegsave's, without
/// the thread pool libvips' sink starts for every image: a 40x30 crop of a dataset cost two
/// hundred thread hand-offs (futex calls) there, more than its decode and encode.
///
/// Anything else goes to libvips' writer: more than `maximumPixels`, a format or band count
/// jpegsave converts, metadata or a profile to embed, or an option this writer does not take.
/// `LIGHTBOX_JPEG_WRITER=libvips` keeps libvips' writer for every image, for comparisons.
package struct JPEGEncoder: Sendable {
    /// What its errors start with: the name of libvips' JPEG saver, whose errors they stand for.
    static let context = "VipsForeignSaveJpegFile"
    /// The most pixels made in memory at once; a larger picture streams through libvips.
    static let maximumPixels = 4 << 20

    /// Whether LIGHTBOX_JPEG_WRITER=libvips asks for libvips' own jpegsave.
    package static let disabled = ProcessInfo.processInfo.environment["LIGHTBOX_JPEG_WRITER"] == "libvips"

    /// The image, as saved.
    let image: VImage
    /// libjpeg's quality, 1 to 100 (jpegsave's `Q`, 75 unless given).
    let quality: Int
    /// Whether chroma is kept whole (`subsample_mode=off`, or `auto` at a quality of 90 or more).
    let noSubsample: Bool
    /// Whether Huffman tables are optimized (`optimize_coding`).
    let optimize: Bool
    /// Whether the file is progressive (`interlace`).
    let progressive: Bool

    /// An encoder for `image` saved as jpegsave would save it with `arguments`, or nil when
    /// libvips' writer is asked for or must write it (see the type's summary).
    package init?(_ image: VImage, arguments: [(String, VValue)]) {
        guard image.width * image.height <= JPEGEncoder.maximumPixels else { return nil }
        self.init(like: image, arguments: arguments)
    }

    /// An encoder with the settings `init?(_:arguments:)` gives `image`, whatever its size, for
    /// pixels laid out as `image`'s (a photo whose crops `write(_:to:)` writes from memory).
    package init?(like image: VImage, arguments: [(String, VValue)]) {
        guard !JPEGEncoder.disabled, image.isUncoded, image.format == "uchar", image.bands == 1 || image.bands == 3,
            image.bands == 1 || image.interpretation == "srgb"
        else { return nil }
        var (quality, strip, mode, optimize, progressive) = (75, false, "auto", false, false)
        for (name, value) in arguments {
            switch (name.replacingOccurrences(of: "-", with: "_"), value) {
            case ("Q", .int(let number)) where (1...100).contains(number): quality = number
            case ("strip", .bool(let flag)): strip = flag
            case ("subsample_mode", .nick(let nick)) where ["auto", "on", "off"].contains(nick): mode = nick
            case ("optimize_coding", .bool(let flag)): optimize = flag
            case ("interlace", .bool(let flag)): progressive = flag
            case ("restart_interval", .int(0)): continue
            default: return nil
            }
        }
        guard strip else { return nil }
        self.image = image
        self.quality = quality
        noSubsample = mode == "off" || (mode == "auto" && quality >= 90)
        self.optimize = optimize
        self.progressive = progressive
    }

    /// Makes the pixels, compresses them and writes the file at `path`.
    package func write(to path: String) throws(VipsError) {
        try JPEGEncoder.save(try encoded(), to: path)
    }

    /// Compresses `rows` (laid out as this encoder's image: same bands, 8 bits) and writes the
    /// file at `path`: the bytes `write(to:)` gives an image of those pixels.
    package func write(_ rows: PixelRows, to path: String) throws(VipsError) {
        guard rows.bands == image.bands, rows.width * rows.height <= JPEGEncoder.maximumPixels else {
            throw VipsError("\(JPEGEncoder.context): rows unlike the encoder's image")
        }
        let bytes = try rows.withAddress { (address: UnsafeRawPointer) throws(VipsError) in
            try compressed(address, stride: rows.stride, width: rows.width, height: rows.height)
        }
        try JPEGEncoder.save(bytes, to: path)
    }

    /// Writes `bytes` as the file at `path`.
    private static func save(_ bytes: [UInt8], to path: String) throws(VipsError) {
        let descriptor = SystemCall.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw JPEGEncoder.failure("unable to open \"\(path)\" for writing") }
        defer { close(descriptor) }
        if let code = SystemCall.write(bytes, to: descriptor) {
            throw JPEGEncoder.failure("unable to write to \"\(path)\"", code: code)
        }
    }

    /// A write error in libvips' words, with the system's reason (`AtomicWriter.blame` reads
    /// "unix error" as a failed write, not a damaged input).
    static func failure(_ what: String, code: Int32 = errno) -> VipsError {
        VipsError("\(context): \(what) (unix error: \(SystemCall.reason(code)))")
    }

    /// The JPEG file's bytes: the whole image made on this thread into one region, whose rows
    /// libjpeg reads where they are. A decoder's failure is libvips', with the reason it left.
    private func encoded() throws(VipsError) -> [UInt8] {
        guard let region = vips_region_new(image.pointer) else { throw VipsError.fromBuffer(JPEGEncoder.context) }
        defer { g_object_unref(region) }
        var area = VipsRect(left: 0, top: 0, width: Int32(image.width), height: Int32(image.height))
        guard vips_region_prepare(region, &area) == 0, let rows = lbx_region_address(region, 0, 0) else {
            throw VipsError.fromBuffer(JPEGEncoder.context)
        }
        return try compressed(rows, stride: Int(region.pointee.bpl), width: image.width, height: image.height)
    }

    /// The JPEG file's bytes for `height` rows of `width` pixels of the image's bands, `stride`
    /// bytes apart from `rows` on; libjpeg's reason when it fails.
    private func compressed(
        _ rows: UnsafeRawPointer, stride: Int, width: Int, height: Int
    ) throws(VipsError) -> [UInt8] {
        let writer = UnsafeMutablePointer<lbx_jpeg_writer>.allocate(capacity: 1)
        defer { writer.deallocate() }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = lbx_jpeg_encode(
            writer, rows.assumingMemoryBound(to: UInt8.self), stride, Int32(width), Int32(height), Int32(image.bands),
            Int32(quality), noSubsample ? 1 : 0, optimize ? 1 : 0, progressive ? 1 : 0, &out, &size)
        guard status == 0, let out else {
            let reason = withUnsafeBytes(of: &writer.pointee.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw VipsError("\(JPEGEncoder.context): \(reason)")
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
