import Foundation
import LightboxGeometry
import LightboxHEIF
import Vips

/// The tile path for one HEIF input: only the grid tiles under a rect are decoded, by libheif
/// through libvips' own HEIF loader, from a small HEIF file made in memory of just those tiles
/// (`SubgridFile`). libheif converts every tile to RGB on its own (libheif 1.15
/// `decode_and_paste_tile_image`: no chroma sample crosses a tile border) and pastes it at its
/// place, so the block is the very pixels of that part of the full decode; the grid's turns and
/// mirrors (`irot`, `imir`) are then applied to the cut piece and its clean aperture (`clap`)
/// only moves the rect, as libheif applies them to the whole image after composing it.
final class HEIFTiles: Sendable {
    /// The input, for messages.
    let path: String
    /// The file's libvips header: the pieces carry its fields and metadata.
    let header: VImage
    /// The file's boxes, read once.
    let file: TiledHEIF

    /// Opens `path`, whose libvips header is `header`; throws why the tile path cannot serve it.
    init(path: String, header: VImage) throws(TileDecline) {
        self.path = path
        self.header = header
        // Under roots only the checked file's descriptor may be read (`PinnedFiles`).
        guard let opened = try? PinnedFiles.opening(path) else { throw .malformed("not opened through the roots") }
        file = try TiledHEIF(path: opened)
        let size = file.grid.displayedSize
        guard size.width == header.width, size.height == header.height, header.bands == 3, header.format == "uchar"
        else { throw .sizeMismatch }
    }

    /// libvips' clockwise angle for libheif's anticlockwise quarter turns.
    static let clockwise = [1: "d270", 2: "d180", 3: "d90"]

    /// The input opened for the tile path, or nil (and the reason) when libvips should decode it.
    static func open(_ path: String, header: VImage) -> (tiles: HEIFTiles?, decline: TileDecline?) {
        do { return (try HEIFTiles(path: path, header: header), nil) } catch { return (nil, error) }
    }

    /// How many tiles the whole image has.
    var tileCount: Int { file.grid.tileCount }

    /// The tiles under `rect` of the image (as libvips shows it); nil when it lies outside.
    func span(of rect: PixelRect) -> TileSpan? {
        file.grid.span(covering: file.grid.codedRect(of: rect))
    }

    /// The tiles of `span` composed: coded pixels (before any turn or mirror), decoded when first read.
    func block(_ span: TileSpan) throws -> VImage {
        let image = try VImage.heif(buffer: try file.subgrid(span))
        guard image.width == span.area.width, image.height == span.area.height else {
            throw VipsError(
                "the tiles decoded to \(image.width)x\(image.height), not \(span.area.width)x\(span.area.height)")
        }
        return image
    }

    /// The pixels of `rect` of the image from `block` (the decoded `span`, which must cover
    /// it): cut, turned and mirrored as the grid says, under the file's header.
    func piece(_ rect: PixelRect, of block: VImage, span: TileSpan) throws(VipsError) -> VImage {
        let coded = file.grid.codedRect(of: rect)
        var image = try block.crop(
            left: coded.left - span.area.left, top: coded.top - span.area.top, width: coded.width, height: coded.height)
        for transform in file.grid.transforms {
            switch transform {
            case .rotation(let turns): image = try image.rotated(HEIFTiles.clockwise[turns] ?? "d0")
            case .mirror(let columns): image = try image.flipped(columns ? "horizontal" : "vertical")
            case .crop: continue
            }
        }
        return try image.carryingHeader(of: header)
    }

    /// The pixels of `rect` decoded alone; nil when it needs every tile or cannot be decoded
    /// (the caller then uses libvips, which decodes every tile anyway).
    func pixels(of rect: PixelRect) -> VImage? {
        guard let span = span(of: rect), span.tileCount < tileCount else { return nil }
        return try? piece(rect, of: block(span), span: span)
    }
}
