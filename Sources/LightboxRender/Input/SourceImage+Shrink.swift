import LightboxGeometry
import Vips

extension SourceImage {
    /// The same input opened again with shrink-on-load by `shrink` (JPEG DCT scaling, WebP
    /// scale): the stored pixels and the displayed size are `shrink` times smaller.
    package init(shrinking source: SourceImage, by shrink: Int, failOn: FailOn) throws(RenderError) {
        path = source.path
        let options: [(String, VValue)] = [("shrink", .int(shrink)), ("scale", .double(1 / Double(shrink)))]
        let shrinks = source.loader.hasPrefix("VipsForeignLoadJpeg") || source.loader.hasPrefix("VipsForeignLoadWebp")
        stored = try RenderError.catching(source.path) { () throws(VipsError) in
            shrinks
                ? try VImage.load(
                    source.path, access: source.isRandomAccess ? .random : .sequential, failOn: failOn,
                    options: options)
                : source.stored
        }
        orientation = source.orientation
        isRandomAccess = source.isRandomAccess
        loader = source.loader
        regionDecodable = source.regionDecodable && shrinks
        tileDecodable = source.tileDecodable && !shrinks
        loadShrink = shrinks ? shrink : 1
    }

    /// The same HEIF input's embedded thumbnail, decoded into memory, when it is at most `allowed`
    /// times smaller than the stored image each way (so every crop still has the pixels its
    /// resample needs) and decodes (`HEIFThumbnail`); nil otherwise.
    package init?(thumbnailOf source: SourceImage, allowed: Double, failOn: FailOn) {
        guard source.loader.hasPrefix("VipsForeignLoadHeif"),
            let thumbnail = HEIFThumbnail(
                source.path, failOn: failOn, mainWidth: source.stored.width, loader: source.loader),
            Double(source.stored.width) / Double(thumbnail.header.width) <= allowed,
            Double(source.stored.height) / Double(thumbnail.header.height) <= allowed,
            let decoded = thumbnail.decoded()
        else { return nil }
        path = source.path
        stored = decoded
        orientation = source.orientation
        isRandomAccess = source.isRandomAccess
        loader = source.loader
        regionDecodable = false
        tileDecodable = false
        loadShrink = max(1, source.stored.width / decoded.width)
    }
}
