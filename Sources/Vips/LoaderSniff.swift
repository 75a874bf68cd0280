import CVips
import Foundation
import LightboxSystem

/// The loader of the common photo formats, picked from one read of a file's first bytes.
///
/// `vips_foreign_find_load` asks every loader class in priority order whether it takes the file,
/// and each asks by opening the file: a JPEG is opened about fifteen times before it is decoded.
/// `vips_foreign_find_load_buffer` asks the same classes' magic-byte tests of a buffer instead, so
/// the file is read once. Only JPEG, PNG, WebP and GIF are taken this way: their file loaders
/// sniff the same bytes, and no loader without a buffer form (OpenSlide, FITS, the vips format)
/// can claim those files, unless the name has one of OpenSlide's extensions, which goes the long way.
enum LoaderSniff {
    /// The file loader for each buffer loader whose answer stands for the file's.
    static let fileLoaders = [
        "VipsForeignLoadJpegBuffer": "VipsForeignLoadJpegFile", "VipsForeignLoadPngBuffer": "VipsForeignLoadPngFile",
        "VipsForeignLoadWebpBuffer": "VipsForeignLoadWebpFile",
        "VipsForeignLoadNsgifBuffer": "VipsForeignLoadNsgifFile",
    ]

    /// Bytes read: enough for every magic-byte test of those four formats.
    static let prefix = 4096

    /// The file loader for `path` (read as `opened`, its pinned alias or itself) when its first
    /// bytes are one of those formats, nil otherwise (ask libvips); and the bytes read (none when
    /// the file cannot be opened), which say what a file no loader takes starts with.
    static func loader(for path: String, opening opened: String) -> (loader: String?, head: [UInt8]) {
        let descriptor = SystemCall.open(opened, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return (nil, []) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: prefix)
        let count = bytes.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) }
        let head = Array(bytes.prefix(max(count, 0)))
        guard !VipsModules.slideExtensions.contains((path as NSString).pathExtension.lowercased()) else {
            return (nil, head)
        }
        guard count > 0, let found = vips_foreign_find_load_buffer(bytes, count) else {
            vips_error_clear()
            return (nil, head)
        }
        return (fileLoaders[String(cString: found)], head)
    }
}
