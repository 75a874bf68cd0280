import Foundation
import LightboxGeometry
import Vips

/// The crops of one JPEG input served by the region decoder: each rect decoded alone, or their
/// union decoded once into memory when that costs less (rects that overlap, or many far down).
final class RegionCrops {
    /// The input.
    let source: SourceImage
    /// The stored rect decoded once for every crop, or nil to decode each crop alone.
    let union: PixelRect?
    /// The union's pixels once decoded, with the header's metadata; nil before, or when it could not be decoded.
    private var unionPixels: VImage?
    /// The union's rows in memory, as decoded (no metadata); nil before, or when it could not be decoded.
    private var decodedUnion: VImage?
    /// Whether decoding the union was tried.
    private var unionTried = false
    /// The union's pixels with the header crops of it get (`unionRows`), once made.
    private var unionPhoto: VImage?

    /// What entropy-decoding a row costs against fully decoding it (IDCT, upsampling, colour):
    /// about 0.5 on 24-megapixel smooth photo-like JPEGs and 0.8 on noisy ones (docs/benchmarks.md).
    static let entropyShare = 0.6
    /// What copying a pixel through memory costs against decoding it.
    static let copyShare = 0.05
    /// The largest union decoded into memory, in bytes.
    static let unionBytes = 256 << 20

    /// Whether LIGHTBOX_NO_REGION=1 turns the region decoder and the HEIF tile path off (benchmarks measure the libvips path with it).
    static let disabled = ProcessInfo.processInfo.environment["LIGHTBOX_NO_REGION"] == "1"

    /// Plans the crops `rects` (on the displayed image) of `source`; nil when it is not a JPEG.
    init?(source: SourceImage, rects: [PixelRect]) {
        guard source.regionDecodable, !rects.isEmpty else { return nil }
        guard rects.count == 1 || RegionCrops.endsWhole(source.path) else { return nil }
        self.source = source
        let stored = rects.map { source.storedArea(of: $0) }
        let union = stored.dropFirst().reduce(stored[0]) { RegionCrops.union($0, $1) }
        // With restart markers the rows above a rect are not read at all.
        let above = rects.count > 1 && JPEGRegion.restartInterval(source.path) > 0 ? 0 : RegionCrops.entropyShare
        let row = Double(source.stored.width) * above
        let alone = stored.reduce(0.0) { $0 + RegionCrops.cost($1, above: row, copied: false) }
        let once = RegionCrops.cost(union, above: row, copied: true)
        let fits = union.width * union.height * source.stored.bands <= RegionCrops.unionBytes
        self.union = stored.count > 1 && fits && once < alone ? union : nil
    }

    /// Whether the file at `path` ends with a JPEG end-of-image marker (padding zeros and line
    /// ends after it allowed). Several crops of a truncated file are left to libvips, which
    /// decodes the input once and refuses it whole under its `fail_on` policy; the region
    /// decoder stops after each rect's last row, so a crop above the cut would be written.
    /// (One crop streams through libvips too, which also stops there: the same either way.)
    static func endsWhole(_ path: String) -> Bool {
        guard let opened = try? PinnedFiles.opening(path), let file = FileHandle(forReadingAtPath: opened) else {
            return false
        }
        defer { try? file.close() }
        guard let end = try? file.seekToEnd(), end >= 2 else { return false }
        try? file.seek(toOffset: end - min(end, 256))
        guard let tail = try? file.readToEnd() else { return false }
        let trimmed = tail.reversed().drop { [0x00, 0x0A, 0x0D, 0x20].contains($0) }
        return Array(trimmed.prefix(2)) == [0xD9, 0xFF]
    }

    /// The estimated decoding cost of `rect`, in full-decode pixels: each row above costs `above`
    /// (its width times `entropyShare`: only entropy-decoded; 0 from a restart marker), the rect
    /// itself decoded (and copied once when `copied`).
    static func cost(_ rect: PixelRect, above: Double, copied: Bool) -> Double {
        let area = Double(rect.width * rect.height)
        return Double(rect.top) * above + area * (1 + (copied ? copyShare : 0))
    }

    /// The smallest rect holding both.
    static func union(_ first: PixelRect, _ second: PixelRect) -> PixelRect {
        let left = min(first.left, second.left), top = min(first.top, second.top)
        return PixelRect(
            left: left, top: top, width: max(first.right, second.right) - left,
            height: max(first.bottom, second.bottom) - top)
    }

    /// The upright pixels of `rect` (on the displayed image) from the region decoder, or nil
    /// when it cannot serve them (the caller then uses libvips).
    func upright(_ rect: PixelRect) -> VImage? {
        let area = source.storedArea(of: rect)
        do {
            if let union {
                guard let pixels = unionImage(union) else { return nil }
                let cut = try pixels.crop(
                    left: area.left - union.left, top: area.top - union.top, width: area.width, height: area.height)
                return try source.turnedUpright(cut, sequential: false)
            }
            guard
                let image = JPEGRegion.load(
                    source.path, header: source.stored, left: area.left, top: area.top, width: area.width,
                    height: area.height,
                    shrink: source.loadShrink
                )
            else { return nil }
            return try source.turnedUpright(image, sequential: true)
        } catch {
            return nil
        }
    }

    /// The rows of `rect` (on the displayed image) in the union decoded into memory, with the
    /// union as the crops' photo (their header: orientation taken off as `upright` takes it); nil
    /// without a union in memory, or for a photo stored turned or shrunk on load.
    func unionRows(_ rect: PixelRect) -> (rows: PixelRows, photo: VImage)? {
        let steps = source.orientation.uprightSteps
        guard let union, steps.clockwise == 0, !steps.mirror, source.loadShrink == 1,
            let pixels = unionImage(union), let decoded = decodedUnion
        else { return nil }
        if unionPhoto == nil { unionPhoto = try? source.turnedUpright(pixels, sequential: false) }
        let area = source.storedArea(of: rect)
        guard let photo = unionPhoto,
            let rows = PixelRows(
                of: decoded, left: area.left - union.left, top: area.top - union.top, width: area.width,
                height: area.height)
        else { return nil }
        return (rows, photo)
    }

    /// The union decoded into memory once, on this thread, with the header's metadata; nil when
    /// it could not be.
    private func unionImage(_ union: PixelRect) -> VImage? {
        if !unionTried {
            unionTried = true
            decodedUnion = JPEGRegion.decode(
                source.path, header: source.stored, left: union.left, top: union.top, width: union.width,
                height: union.height, shrink: source.loadShrink)
            unionPixels = try? decodedUnion?.carryingHeader(of: source.stored)
        }
        return unionPixels
    }
}
