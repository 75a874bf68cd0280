/// One property box of `ipco`, kept whole (so it can be copied verbatim into another file) with
/// readers for the few the tile path needs: `ispe`, `irot`, `imir`, `clap`, `hvcC` and `auxC`.
package struct ItemProperty: Sendable, Equatable {
    /// The property type, such as `hvcC` or `ispe`.
    package let type: String
    /// The whole box, header included.
    package let box: [UInt8]
    /// Where the payload starts in `box`.
    let payloadStart: Int

    /// The property in `range` of `bytes`, its payload in `payload`.
    init(type: String, bytes: [UInt8], range: Range<Int>, payload: Range<Int>) {
        self.type = type
        box = Array(bytes[range])
        payloadStart = payload.lowerBound - range.lowerBound
    }

    /// A reader over the payload.
    func reader() -> ByteReader {
        ByteReader(box, range: payloadStart..<box.count, context: type)
    }

    /// The image size of an `ispe` (a full box: version, flags, width, height).
    package func spatialExtent() throws(HEIFFormatError) -> (width: Int, height: Int) {
        var reader = reader()
        _ = try reader.fullBoxHeader()
        return (Int(try reader.u32()), Int(try reader.u32()))
    }

    /// The quarter turns anticlockwise of an `irot` (its low two bits; libheif 1.15 reads no
    /// full-box header).
    package func quarterTurns() throws(HEIFFormatError) -> Int {
        var reader = reader()
        return Int(try reader.u8() & 3)
    }

    /// Whether an `imir` mirrors left to right. libheif 1.15 reads axis bit 1 as its
    /// "horizontal" mirror, which swaps columns, and 0 as its "vertical" one, which swaps rows.
    package func mirrorsColumns() throws(HEIFFormatError) -> Bool {
        var reader = reader()
        return try reader.u8() & 1 == 1
    }

    /// The eight numbers of a `clap`: width, height, horizontal and vertical offset, each as numerator and denominator.
    package func cleanAperture() throws(HEIFFormatError) -> CleanAperture {
        var reader = reader()
        let width = (try reader.u32(), try reader.u32())
        let height = (try reader.u32(), try reader.u32())
        let horizontal = (try reader.i32(), try reader.u32())
        let vertical = (try reader.i32(), try reader.u32())
        return try CleanAperture(width: width, height: height, horizontal: horizontal, vertical: vertical)
    }

    /// The codec settings of an `hvcC`.
    package func hevcConfiguration() throws(HEIFFormatError) -> HEVCConfiguration {
        var reader = reader()
        try reader.require(19)
        _ = try reader.u8()
        let profile = Int(try reader.u8() & 0x1F)
        try reader.skip(14)
        let chroma = Int(try reader.u8() & 3)
        let luma = Int(try reader.u8() & 7) + 8
        let chromaDepth = Int(try reader.u8() & 7) + 8
        return HEVCConfiguration(profile: profile, chromaFormat: chroma, lumaBits: luma, chromaBits: chromaDepth)
    }

    /// The auxiliary type of an `auxC` (a full box and a NUL-terminated URN).
    package func auxiliaryType() throws(HEIFFormatError) -> String {
        var reader = reader()
        _ = try reader.fullBoxHeader()
        return try reader.cString()
    }
}
