extension SubgridFile {
    /// What the small file is made of, and how each box is written.
    struct Parts {
        /// The source file's meta, for item types, flags and property boxes.
        let meta: HEIFMeta
        /// The distinct original tile ids, in their new order (new ids 2, 3, ...).
        let tiles: [UInt32]
        /// The new grid's references to its tiles (new ids), row by row.
        let references: [UInt32]
        /// The associations of the new items (grid first).
        let associations: [[PropertyAssociation]]
        /// The block's size, for its `ispe`.
        let size: (width: Int, height: Int)
        /// The bytes of each new item (grid descriptor first), in the order they are stored.
        let payloads: [[UInt8]]

        /// `ftyp`: HEIC, compatible with `mif1` and `heic`.
        func fileType(_ writer: inout BoxWriter) {
            writer.box("ftyp") { box in
                box.fourCC("heic")
                box.u32(0)
                box.fourCC("mif1")
                box.fourCC("heic")
            }
        }

        /// `meta` with every item stored from `dataStart` on, in `payloads` order. Every field
        /// has a fixed size, so the box's length does not depend on `dataStart`.
        func meta(_ writer: inout BoxWriter, dataStart: UInt64) {
            writer.fullBox("meta", version: 0) { meta in
                meta.fullBox("hdlr", version: 0) { box in
                    box.u32(0)
                    box.fourCC("pict")
                    box.append([UInt8](repeating: 0, count: 13))
                }
                meta.fullBox("pitm", version: 1) { $0.u32(1) }
                itemInfo(&meta)
                meta.fullBox("iref", version: 1) { iref in
                    iref.box("dimg") { box in
                        box.u32(1)
                        box.u16(UInt16(references.count))
                        for id in references { box.u32(id) }
                    }
                }
                properties(&meta)
                locations(&meta, dataStart: dataStart)
            }
        }

        /// `iinf`: the grid, then each tile with its original type and flags.
        func itemInfo(_ writer: inout BoxWriter) {
            writer.fullBox("iinf", version: 1) { iinf in
                iinf.u32(UInt32(tiles.count + 1))
                let entries =
                    [("grid", UInt32(0))] + tiles.map { (meta.items[$0]?.type ?? "hvc1", meta.items[$0]?.flags ?? 1) }
                for (index, entry) in entries.enumerated() {
                    iinf.fullBox("infe", version: 3, flags: entry.1) { box in
                        box.u32(UInt32(index + 1))
                        box.u16(0)
                        box.fourCC(entry.0)
                        box.u8(0)
                    }
                }
            }
        }

        /// `iprp`: every original property box as it was, a new `ispe` for the block, and `ipma`.
        func properties(_ writer: inout BoxWriter) {
            writer.box("iprp") { iprp in
                iprp.box("ipco") { ipco in
                    for property in meta.properties { ipco.append(property.box) }
                    ipco.fullBox("ispe", version: 0) { box in
                        box.u32(UInt32(size.width))
                        box.u32(UInt32(size.height))
                    }
                }
                iprp.fullBox("ipma", version: 1, flags: 1) { ipma in
                    ipma.u32(UInt32(associations.count))
                    for (index, list) in associations.enumerated() {
                        ipma.u32(UInt32(index + 1))
                        ipma.u8(UInt8(list.count))
                        for association in list {
                            ipma.u16(UInt16(association.index) | (association.essential ? 0x8000 : 0))
                        }
                    }
                }
            }
        }

        /// `iloc` (version 2, 8-byte offsets and lengths): item n's one extent, one after another from `dataStart`.
        func locations(_ writer: inout BoxWriter, dataStart: UInt64) {
            writer.fullBox("iloc", version: 2) { iloc in
                iloc.u8(0x88)
                iloc.u8(0x00)
                iloc.u32(UInt32(payloads.count))
                var offset = dataStart
                for (index, payload) in payloads.enumerated() {
                    iloc.u32(UInt32(index + 1))
                    iloc.u16(0)
                    iloc.u16(0)
                    iloc.u16(1)
                    iloc.u64(offset)
                    iloc.u64(UInt64(payload.count))
                    offset += UInt64(payload.count)
                }
            }
        }
    }
}
