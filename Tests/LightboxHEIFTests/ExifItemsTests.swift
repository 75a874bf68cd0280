import Foundation
import Testing

@testable import LightboxHEIF

/// Taking the Exif items out of a HEIF file leaves every other item's bytes, properties and
/// references as they were, its offsets moved back by what was cut before them.
@Suite struct ExifItemsTests {
    /// The iPhone photo (a grid of 48 tiles, Exif, XMP, `idat`, `iloc` version 1 after `iprp`)
    /// and a small file whose Exif bytes lie between two images' in `mdat`.
    @Test(arguments: ["IMG_2927.HEIC", "exif-between"])
    func everyOtherItemReadsTheSame(name: String) throws {
        let bytes = name == "exif-between" ? Self.exifBetween() : try HEIFFixtures.bytes(name)
        let before = try Self.meta(bytes)
        let removed = try #require(try ExifItems.removed(from: bytes))
        let after = try Self.meta(removed)
        #expect(before.items.values.contains { $0.type == "Exif" })
        #expect(!after.items.values.contains { $0.type == "Exif" })
        let kept = before.items.values.filter { $0.type != "Exif" }.map(\.id).sorted()
        #expect(after.items.keys.sorted() == kept)
        for id in kept {
            let old = try before.data(of: id, from: MemoryBytes(bytes))
            #expect(try after.data(of: id, from: MemoryBytes(removed)) == old, "item \(id)")
            #expect(after.associations[id] == before.associations[id], "item \(id)")
        }
        #expect(after.references == before.references.filter { before.items[$0.from]?.type != "Exif" })
        #expect(after.primary == before.primary)
        #expect(after.properties.map(\.type) == before.properties.map(\.type))
        #expect(try ExifItems.removed(from: removed) == nil)
    }

    @Test func aFileWithoutExifIsLeftAlone() throws {
        #expect(try ExifItems.removed(from: try HEIFFixtures.bytes("grid-plain.heic")) == nil)
    }

    @Test func anExifItemReferredToIsNotRewritten() {
        #expect(throws: HEIFFormatError.self) { try ExifItems.removed(from: Self.exifBetween(referredTo: true)) }
    }

    /// The `meta` of a whole file.
    static func meta(_ bytes: [UInt8]) throws -> HEIFMeta {
        let boxes = try Box.children(of: bytes, in: 0..<bytes.count, context: "file")
        let meta = try #require(boxes.first { $0.type == "meta" })
        return try HEIFMeta(bytes, payload: meta.payload)
    }

    /// A file of two images (1, 3) and an Exif item (2) whose bytes lie between theirs in
    /// `mdat`; with `referredTo`, image 3 refers to the Exif item too.
    static func exifBetween(referredTo: Bool = false) -> [UInt8] {
        let payloads: [[UInt8]] = [[1, 2, 3, 4, 5], [0, 0, 0, 6, 0x4D, 0x4D, 0, 42, 9, 9], [7, 8, 9]]
        var probe = BoxWriter()
        meta(&probe, dataStart: 0, payloads: payloads, referredTo: referredTo)
        var file = BoxWriter()
        file.box("ftyp") { $0.fourCC("heic") }
        let start = file.bytes.count + probe.bytes.count + 8
        meta(&file, dataStart: start, payloads: payloads, referredTo: referredTo)
        file.box("mdat") { writer in for payload in payloads { writer.append(payload) } }
        return file.bytes
    }

    /// The `meta` box of `exifBetween`, its data starting at file offset `dataStart`.
    static func meta(_ writer: inout BoxWriter, dataStart: Int, payloads: [[UInt8]], referredTo: Bool) {
        writer.fullBox("meta", version: 0) { meta in
            meta.fullBox("hdlr", version: 0) {
                $0.append([0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            }
            meta.fullBox("pitm", version: 0) { $0.u16(1) }
            meta.fullBox("iinf", version: 0) { iinf in
                iinf.u16(3)
                for (id, type) in [(1, "hvc1"), (2, "Exif"), (3, "hvc1")] {
                    iinf.fullBox("infe", version: 2) {
                        $0.u16(UInt16(id)); $0.u16(0); $0.fourCC(type); $0.u8(0)
                    }
                }
            }
            meta.fullBox("iref", version: 0) { iref in
                iref.box("cdsc") {
                    $0.u16(2); $0.u16(1); $0.u16(1)
                }
                if referredTo {
                    iref.box("cdsc") {
                        $0.u16(3); $0.u16(1); $0.u16(2)
                    }
                }
            }
            meta.box("iprp") { iprp in
                iprp.box("ipco") {
                    $0.fullBox("ispe", version: 0) {
                        $0.u32(2); $0.u32(2)
                    }
                }
                iprp.fullBox("ipma", version: 0) { ipma in
                    ipma.u32(2)
                    for id in [1, 3] { ipma.u16(UInt16(id)); ipma.u8(1); ipma.u8(0x81) }
                }
            }
            meta.fullBox("iloc", version: 1) { iloc in
                iloc.u8(0x44)
                iloc.u8(0x40)
                iloc.u16(3)
                var offset = dataStart
                for (index, payload) in payloads.enumerated() {
                    iloc.u16(UInt16(index + 1)); iloc.u16(0); iloc.u16(0); iloc.u32(UInt32(dataStart))
                    iloc.u16(1); iloc.u32(UInt32(offset - dataStart)); iloc.u32(UInt32(payload.count))
                    offset += payload.count
                }
            }
        }
    }
}
