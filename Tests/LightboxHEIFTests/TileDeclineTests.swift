import Foundation
import Testing

@testable import LightboxHEIF

/// Every reason the tile path leaves a file to libvips is taken by some input, and counted.
@Suite struct TileDeclineTests {
    /// The reason `source` is declined, or nil when the tile path serves it.
    static func reason(_ source: any ByteSource) -> TileDecline? {
        do {
            _ = try TiledHEIF(source: source)
            return nil
        } catch {
            return error
        }
    }

    /// One input per reason: the fixtures for what libvips reads, bytes cut or broken for the rest.
    static func inputs() throws -> [(String, any ByteSource)] {
        let phone = try HEIFFixtures.bytes("IMG_2927.HEIC")
        var broken = phone
        // The iloc box's version byte: an iloc of version 9 is not one the reader knows.
        let iloc = try #require(Self.offset(of: "iloc", in: broken))
        broken[iloc + 4] = 9
        var files: [(String, any ByteSource)] = try [
            "grid-alpha.heic", "grid-av1.avif", "grid-444.heic", "grid-10bit.heic", "grid-uneven.heic",
            "grid-clap-overflow.heic",
        ].map { ($0, MemoryBytes(try HEIFFixtures.bytes($0))) }
        files.append(
            (
                "thumbnailed.heic",
                MemoryBytes(
                    [UInt8](try Data(contentsOf: HEIFFixtures.folder.appendingPathComponent("thumbnailed.heic"))))
            ))
        files.append(("truncated phone", MemoryBytes(Array(phone.prefix(phone.count * 2 / 3)))))
        files.append(("broken iloc", MemoryBytes(broken)))
        return files
    }

    /// Where the first box of type `type` starts in `bytes` (its size field), found by its name.
    static func offset(of type: String, in bytes: [UInt8]) -> Int? {
        let name = Array(type.utf8)
        return (4..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == name }.map { $0 - 4 }
    }

    @Test func everyReasonIsTakenAndCounted() throws {
        var counts: [String: Int] = [:]
        for (name, source) in try Self.inputs() {
            let reason = try #require(Self.reason(source), "\(name) was served")
            counts[reason.name, default: 0] += 1
        }
        // size-mismatch compares with libvips' header, so it is counted by the render tests (HEIFTilesTests).
        let expected = Set(TileDecline.all.map(\.name)).subtracting(["size-mismatch"])
        #expect(Set(counts.keys) == expected)
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
    }

    @Test func aTruncatedFileIsTruncatedWhereverItIsCut() throws {
        let phone = try HEIFFixtures.bytes("IMG_2927.HEIC")
        for fraction in [0.05, 0.5, 0.99] {
            let cut = MemoryBytes(Array(phone.prefix(Int(Double(phone.count) * fraction))))
            #expect(Self.reason(cut) == .truncated, "cut at \(fraction)")
        }
        #expect(Self.reason(MemoryBytes(phone)) == nil)
    }
}
