import Foundation
import LightboxGeometry
import LightboxHEIF
import Vips

/// The crops of one HEIF grid input served by the tile path (`HEIFTiles`): each rect's tiles
/// decoded alone, or the tiles under all the rects decoded once into memory when that is fewer
/// tiles (rects that share tiles).
final class HEIFTileCrops: CropRegions {
    /// The input.
    let source: SourceImage
    /// The input's tile path.
    let tiles: HEIFTiles
    /// The tiles decoded once for every crop, or nil to decode each crop's alone.
    let union: TileSpan?
    /// The union's pixels once decoded; nil before, or when it could not be decoded.
    private var unionPixels: VImage?
    /// Whether decoding the union was tried.
    private var unionTried = false

    /// The tile path.
    var decoder: PixelDecoder { .heifTiles }

    /// The tile path's plan for the crops `rects` (on the displayed image) of `source`, or nil
    /// with why libvips decodes a HEIF input instead (`HEIFTiles.open`'s reason, or `every-tile`
    /// when each crop needs every tile); nil and nil for an input that is no HEIF file at all.
    static func plan(source: SourceImage, rects: [PixelRect]) -> (crops: HEIFTileCrops?, fallback: String?) {
        guard source.tileDecodable, !rects.isEmpty else { return (nil, nil) }
        let opened = HEIFTiles.open(source.path, header: source.stored)
        guard let tiles = opened.tiles else { return (nil, opened.decline?.name) }
        let spans = rects.compactMap { tiles.span(of: source.storedArea(of: $0)) }
        guard spans.count == rects.count, spans.contains(where: { $0.tileCount < tiles.tileCount }) else {
            return (nil, "every-tile")
        }
        return (HEIFTileCrops(source: source, tiles: tiles, spans: spans), nil)
    }

    /// Plans crops whose tiles `spans` name.
    private init(source: SourceImage, tiles: HEIFTiles, spans: [TileSpan]) {
        self.source = source
        self.tiles = tiles
        let union = spans.dropFirst().reduce(spans[0]) { $0.union($1) }
        let alone = spans.reduce(0) { $0 + $1.tileCount }
        let fits = union.area.width * union.area.height * 3 <= RegionCrops.unionBytes
        self.union = spans.count > 1 && fits && union.tileCount < alone ? union : nil
    }

    /// The upright pixels of `rect` (on the displayed image) from the tile path, or nil when it
    /// cannot serve them (the caller then uses libvips).
    func upright(_ rect: PixelRect) -> VImage? {
        let area = source.storedArea(of: rect)
        do {
            if let union {
                guard let pixels = unionImage(union) else { return nil }
                return try source.turnedUpright(try tiles.piece(area, of: pixels, span: union), sequential: false)
            }
            guard let span = tiles.span(of: area), span.tileCount < tiles.tileCount else { return nil }
            return try source.turnedUpright(try tiles.piece(area, of: tiles.block(span), span: span), sequential: false)
        } catch {
            return nil
        }
    }

    /// The union's tiles decoded into memory once; nil when they could not be.
    private func unionImage(_ union: TileSpan) -> VImage? {
        if !unionTried {
            unionTried = true
            unionPixels = try? tiles.block(union).inMemory()
        }
        return unionPixels
    }
}
