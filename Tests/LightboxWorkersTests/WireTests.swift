import LightboxWorkers
import Testing

/// The wire format both ends of a worker's pipes share: each value read back as written, in the
/// bytes the format promises, and a message cut anywhere or holding an impossible count is
/// malformed, never a crash.
@Suite struct WireTests {
    /// A message holding one of each kind of value.
    static var everyKind: WireWriter {
        var writer = WireWriter()
        writer.int(Int.min)
        writer.int(-1)
        writer.double(-0.0)
        writer.double(.infinity)
        writer.bool(true)
        writer.string("é \"q\" \n 🙂")
        writer.optional(nil)
        writer.optional("")
        writer.data([0, 255, 7])
        writer.list([[1, 2], [], [3]]) { wire, inner in wire.list(inner) { $0.int($1) } }
        return writer
    }

    /// Reads one integer, as a list's element.
    static func int(_ wire: inout WireReader) throws(WireReader.Malformed) -> Int {
        try wire.int()
    }

    /// Reads a list of integers, as a list's element.
    static func ints(_ wire: inout WireReader) throws(WireReader.Malformed) -> [Int] {
        try wire.list(WireTests.int)
    }

    @Test func everyKindOfValueComesBackAsWritten() throws {
        var reader = WireReader(WireTests.everyKind.bytes)
        #expect(try reader.int() == Int.min)
        #expect(try reader.int() == -1)
        let zero = try reader.double()
        #expect(zero == 0 && zero.sign == .minus)
        #expect(try reader.double() == .infinity)
        #expect(try reader.bool())
        #expect(try reader.string() == "é \"q\" \n 🙂")
        #expect(try reader.optional() == nil)
        #expect(try reader.optional() == "")
        #expect(try reader.data() == [0, 255, 7])
        #expect(try reader.list(WireTests.ints) == [[1, 2], [], [3]])
        #expect(reader.isAtEnd)
    }

    /// Numbers are eight bytes, least significant first; strings and byte runs a count, then the bytes.
    @Test func theBytesAreTheFormatsOwn() {
        var writer = WireWriter()
        writer.int(0x0102_0304)
        writer.string("ab")
        writer.double(1)
        #expect(
            writer.bytes == [4, 3, 2, 1, 0, 0, 0, 0] + [2, 0, 0, 0, 0, 0, 0, 0, 97, 98]
                + [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    }

    /// Every prefix of a message shorter than the whole is malformed at some read.
    @Test func aMessageCutAnywhereIsMalformed() {
        let bytes = WireTests.everyKind.bytes
        for keep in 0..<bytes.count {
            var reader = WireReader(Array(bytes.prefix(keep)))
            #expect(throws: WireReader.Malformed.self, "cut at \(keep)") {
                _ = try reader.int()
                _ = try reader.int()
                _ = try reader.double()
                _ = try reader.double()
                _ = try reader.bool()
                _ = try reader.string()
                _ = try reader.optional()
                _ = try reader.optional()
                _ = try reader.data()
                _ = try reader.list(WireTests.ints)
            }
        }
    }

    /// A count below zero or beyond the bytes left is malformed before anything is allocated.
    @Test(arguments: [-1, Int.min, 11, 1 << 40])
    func anImpossibleCountIsMalformed(count: Int) {
        var writer = WireWriter()
        writer.int(count)
        writer.data([1, 2])
        var strings = WireReader(writer.bytes)
        #expect(throws: WireReader.Malformed.self) { try strings.data() }
        var lists = WireReader(writer.bytes)
        #expect(throws: WireReader.Malformed.self) { try lists.list(WireTests.int) }
    }

    @Test(arguments: [(0, 8, true), (2, 10, true), (3, 10, false), (-1, 16, false), (0, 7, false)])
    func aWordNeedsEightBytesFromItsStart(start: Int, count: Int, found: Bool) {
        #expect((WireReader.word([UInt8](repeating: 1, count: count), at: start) != nil) == found)
    }
}
