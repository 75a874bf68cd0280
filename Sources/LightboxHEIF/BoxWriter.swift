/// Appends big-endian fields and boxes to a byte array, for the small HEIF files made in memory.
package struct BoxWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer.
    package init() {}

    /// One byte.
    package mutating func u8(_ value: UInt8) { bytes.append(value) }

    /// Two bytes.
    package mutating func u16(_ value: UInt16) { uint(UInt64(value), size: 2) }

    /// Four bytes.
    package mutating func u32(_ value: UInt32) { uint(UInt64(value), size: 4) }

    /// Eight bytes.
    package mutating func u64(_ value: UInt64) { uint(value, size: 8) }

    /// The low `size` bytes of `value`, most significant first.
    mutating func uint(_ value: UInt64, size: Int) {
        for index in stride(from: size - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
    }

    /// A four-character code.
    package mutating func fourCC(_ code: String) {
        bytes += Array(code.utf8.prefix(4)) + [UInt8](repeating: 0x20, count: max(0, 4 - code.utf8.count))
    }

    /// Raw bytes.
    package mutating func append(_ raw: [UInt8]) { bytes += raw }

    /// A box of `type` around what `content` writes (a 64-bit size when it needs one).
    package mutating func box(_ type: String, _ content: (inout BoxWriter) -> Void) {
        var inner = BoxWriter()
        content(&inner)
        let size = inner.bytes.count + 8
        if size <= Int(UInt32.max) {
            u32(UInt32(size))
            fourCC(type)
        } else {
            u32(1)
            fourCC(type)
            u64(UInt64(size + 8))
        }
        bytes += inner.bytes
    }

    /// A full box: `version` and 24-bit `flags` before what `content` writes.
    package mutating func fullBox(
        _ type: String, version: UInt8, flags: UInt32 = 0, _ content: (inout BoxWriter) -> Void
    ) {
        box(type) { writer in
            writer.u8(version)
            writer.uint(UInt64(flags), size: 3)
            content(&writer)
        }
    }
}
