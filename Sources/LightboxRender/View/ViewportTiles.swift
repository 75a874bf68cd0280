import Foundation
import LightboxGeometry
import Vips

/// The part of a HEIF grid photo one viewer snapshot shows, decoded alone by the tile path
/// (`HEIFTiles`): only the tiles under it, at full resolution, then box-shrunk as the whole
/// photo would be, so a zoomed snapshot does not decode the photo's hidden tiles.
enum ViewportTiles {
    /// The pixels that `layout` shows of the photo reduced by a box shrink of `factor`, from the
    /// tiles under them alone; nil when the input is not a HEIF grid the tile path serves, the
    /// reduction is not a box shrink (JPEG, WebP, an embedded thumbnail), or the part needs every
    /// tile (libvips then decodes the whole photo, as before). Nothing of the whole photo is
    /// loaded first: its place is worked out from the header.
    ///
    /// The part is decoded at full resolution from a column and row that are multiples of
    /// `factor` to one that is (or to the photo's edge), so shrinking it gives the same pixels as
    /// that part of the whole shrink.
    static func pixels(source: ViewportSource, factor: Int, layout: ViewportLayout) -> ViewportPixels? {
        tried(source: source, factor: factor, layout: layout).pixels
    }

    /// `pixels`, or why a HEIF input is left to libvips (`HEIFTiles.open`'s reason, `every-tile`,
    /// `shrink` when the reduction is not a box shrink, `outside`); nil and nil for no HEIF input.
    static func tried(
        source: ViewportSource, factor: Int, layout: ViewportLayout
    ) -> (pixels: ViewportPixels?, fallback: String?) {
        guard source.tileDecodable else { return (nil, nil) }
        guard source.reduction(for: factor) == .box(factor) else { return (nil, "shrink") }
        guard let whole = try? factor > 1 ? source.header.shrunk(factor, factor) : source.header,
            let rect = ViewportRegion.visibleRect(
                ViewportPixels(layoutOf: whole, source: source, factor: (Double(factor), Double(factor))),
                layout: layout)
        else { return (nil, "outside") }
        let opened = HEIFTiles.open(source.path, header: source.header)
        guard let tiles = opened.tiles else { return (nil, opened.decline?.name) }
        let (width, height) = source.storedSize
        let left = rect.left * factor, top = rect.top * factor
        let full = PixelRect(
            left: left, top: top, width: min(width, rect.right * factor) - left,
            height: min(height, rect.bottom * factor) - top)
        guard full.width > 0, full.height > 0, let span = tiles.span(of: full), span.tileCount < tiles.tileCount else {
            return (nil, "every-tile")
        }
        do {
            var part = try tiles.piece(full, of: tiles.block(span), span: span)
            if factor > 1 { part = try part.shrunk(factor, factor) }
            let pixels = try ViewportPixels(
                image: part.inMemory(), source: source, factor: (Double(factor), Double(factor)),
                part: ((whole.width, whole.height), (rect.left, rect.top)))
            return (pixels, nil)
        } catch {
            return (nil, "damaged")
        }
    }
}
