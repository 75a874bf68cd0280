import LightboxGeometry
import Vips

extension SourceImage {
    /// The same input opened again with shrink-on-load by `shrink` (JPEG DCT scaling, WebP
    /// scale): the stored pixels and the displayed size are `shrink` times smaller.
    public init(shrinking source: SourceImage, by shrink: Int, failOn: String) throws(RenderError) {
        path = source.path
        let options: [(String, VValue)] = [("shrink", .int(shrink)), ("scale", .double(1 / Double(shrink)))]
        let loader = (try? Vips.loader(for: source.path)) ?? ""
        let shrinks = loader.hasPrefix("VipsForeignLoadJpeg") || loader.hasPrefix("VipsForeignLoadWebp")
        do {
            stored =
                shrinks
                ? try VImage.load(
                    source.path, access: source.isRandomAccess ? "random" : "sequential", failOn: failOn,
                    options: options)
                : source.stored
        } catch {
            throw RenderError(source.path, error.message)
        }
        orientation = source.orientation
        isRandomAccess = source.isRandomAccess
        isJPEG = source.isJPEG && shrinks
        loadShrink = shrinks ? shrink : 1
    }
}
