/// A HEIF or AVIF file without its Exif items: each one's `infe`, `iloc` entry and `cdsc`
/// reference taken out of `meta` and its bytes out of `mdat`, every other item's file offsets
/// moved back by what was cut before them. Nothing else changes: the images' bytes and
/// properties (the ICC profile in `colr`) are copied as they are.
///
/// libvips 8.14's `heifsave` writes the ICC profile only when it does not strip, and then always
/// writes an EXIF block too, made up when the image has none (`vips__exif_update`); libheif has no
/// call to remove it, so a crop that keeps the profile and drops the metadata is mended here.
package enum ExifItems {
    /// `bytes` without its Exif items, or nil when it has none; throws for a layout this does
    /// not rewrite (an Exif item with properties, referred to, in `idat` or another file).
    package static func removed(from bytes: [UInt8]) throws(HEIFFormatError) -> [UInt8]? {
        let meta = try HEIFMeta(file: bytes)
        let top = try Box.children(of: bytes, in: 0..<bytes.count, context: "file")
        guard let metaBox = top.first(where: { $0.type == "meta" }) else { throw HEIFFormatError("no 'meta' box") }
        let exif = Set(meta.items.values.filter { $0.type == "Exif" }.map(\.id))
        guard !exif.isEmpty else { return nil }
        var cuts = try dataCuts(of: exif, in: meta, boxes: top, meta: metaBox.range)
        let identity = MetaRewrite(bytes: bytes, box: metaBox, removing: exif, moved: { $0 })
        let shrunk = try identity.written().count
        cuts.append(metaBox.range.lowerBound + shrunk..<metaBox.range.upperBound)
        let moves = Cuts(cuts)
        let newMeta = try MetaRewrite(bytes: bytes, box: metaBox, removing: exif, moved: moves.moved).written()
        var file: [UInt8] = []
        for box in top {
            if box == metaBox {
                file += newMeta
            } else if box.type == "mdat" {
                file += mdat(box, of: bytes, without: cuts)
            } else {
                file += bytes[box.range]
            }
        }
        return file
    }

    /// The file ranges of the Exif items' bytes, each checked to lie in an `mdat` payload and
    /// to be used by no other item; throws where the layout is not the one libheif writes.
    private static func dataCuts(
        of exif: Set<UInt32>, in meta: HEIFMeta, boxes: [Box], meta metaRange: Range<Int>
    ) throws(HEIFFormatError) -> [Range<Int>] {
        if meta.references.contains(where: { !exif.contains($0.from) && $0.to.contains(where: exif.contains) }) {
            throw HEIFFormatError("an item refers to an Exif item")
        }
        var cuts: [Range<Int>] = []
        for id in exif.sorted() {
            guard (meta.associations[id] ?? []).isEmpty else { throw HEIFFormatError("Exif item \(id) has properties") }
            guard let location = meta.locations[id], location.constructionMethod == 0, location.dataReference == 0
            else { throw HEIFFormatError("Exif item \(id) is not in this file's mdat") }
            for extent in location.extents {
                let (end, overflow) = extent.offset.addingReportingOverflow(extent.length)
                guard extent.length > 0, !overflow, end <= UInt64(Int.max) else {
                    throw HEIFFormatError("Exif item \(id): an open-ended or huge extent")
                }
                let range = Int(extent.offset)..<Int(end)
                guard boxes.contains(where: { $0.type == "mdat" && $0.payload.contains(range) }) else {
                    throw HEIFFormatError("Exif item \(id) lies outside mdat")
                }
                guard !cuts.contains(where: { $0.overlaps(range) }) else {
                    throw HEIFFormatError("Exif item \(id) shares bytes with another")
                }
                cuts.append(range)
            }
        }
        let kept = meta.locations.filter { !exif.contains($0.key) && $0.value.constructionMethod == 0 }
        for extent in kept.values.flatMap(\.extents) {
            let start = Int(clamping: extent.offset)
            let (sum, overflow) = extent.offset.addingReportingOverflow(extent.length)
            let end = extent.length == 0 || overflow ? Int.max : Int(clamping: sum)
            let used = start..<max(end, min(start, Int.max - 1) + 1)
            if cuts.contains(where: { $0.overlaps(used) }) || metaRange.overlaps(used) {
                throw HEIFFormatError("an item shares bytes with an Exif item or lies in meta")
            }
        }
        return cuts
    }

    /// An `mdat` box without the bytes of `cuts` that lie in it, its size field (of the same width) made to fit.
    private static func mdat(_ box: Box, of bytes: [UInt8], without cuts: [Range<Int>]) -> [UInt8] {
        let inside = cuts.filter { box.payload.contains($0) }.sorted { $0.lowerBound < $1.lowerBound }
        guard !inside.isEmpty else { return Array(bytes[box.range]) }
        var payload: [UInt8] = []
        var next = box.payload.lowerBound
        for cut in inside {
            payload += bytes[next..<cut.lowerBound]
            next = cut.upperBound
        }
        payload += bytes[next..<box.payload.upperBound]
        let headerSize = box.payload.lowerBound - box.range.lowerBound
        var header = BoxWriter()
        let zeroSize = bytes[box.range.lowerBound..<box.range.lowerBound + 4].allSatisfy { $0 == 0 }
        if headerSize == 16 {
            header.u32(1)
            header.fourCC("mdat")
            header.u64(UInt64(payload.count + 16))
        } else {
            header.u32(zeroSize ? 0 : UInt32(payload.count + 8))
            header.fourCC("mdat")
        }
        return header.bytes + payload
    }

    /// Ranges cut out of a file, and where an offset past them lands once they are gone.
    private struct Cuts {
        /// The ranges, by start.
        let ranges: [Range<Int>]

        /// Makes the cuts of `ranges` (which do not overlap).
        init(_ ranges: [Range<Int>]) {
            self.ranges = ranges.sorted { $0.lowerBound < $1.lowerBound }
        }

        /// `offset` less the length of every cut that ends at or before it.
        func moved(_ offset: UInt64) -> UInt64 {
            let removed = ranges.filter { UInt64($0.upperBound) <= offset }.reduce(0) { $0 + $1.count }
            return offset - UInt64(removed)
        }
    }
}
