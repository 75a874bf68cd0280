/// A `grid` item's descriptor: how many rows and columns of tiles, and the size of the image
/// they make (which may cut the last column and row short).
package struct ImageGrid: Sendable, Equatable {
    /// Rows of tiles, 1 to 256.
    package let rows: Int
    /// Columns of tiles, 1 to 256.
    package let columns: Int
    /// The composed image's width.
    package let outputWidth: Int
    /// The composed image's height.
    package let outputHeight: Int

    /// Makes a descriptor.
    package init(rows: Int, columns: Int, outputWidth: Int, outputHeight: Int) {
        self.rows = rows
        self.columns = columns
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
    }

    /// Reads a descriptor (version, flags, rows - 1, columns - 1, then 16-bit sizes, or 32-bit
    /// ones when flag bit 0 is set), as libheif 1.15's `ImageGrid::parse` does.
    package init(_ bytes: [UInt8]) throws(HEIFFormatError) {
        var reader = ByteReader(bytes, context: "grid")
        _ = try reader.u8()
        let wide = try reader.u8() & 1 == 1
        rows = Int(try reader.u8()) + 1
        columns = Int(try reader.u8()) + 1
        outputWidth = Int(try reader.uint(size: wide ? 4 : 2))
        outputHeight = Int(try reader.uint(size: wide ? 4 : 2))
    }

    /// The descriptor as bytes, with 32-bit sizes.
    package var bytes: [UInt8] {
        var writer = BoxWriter()
        writer.u8(0)
        writer.u8(1)
        writer.u8(UInt8(rows - 1))
        writer.u8(UInt8(columns - 1))
        writer.u32(UInt32(outputWidth))
        writer.u32(UInt32(outputHeight))
        return writer.bytes
    }
}
