import Foundation
import SeededRandom
import Testing

@testable import LightboxHEIF

/// The box reader on damaged files: every cut and every flipped byte of a real phone file's
/// metadata ends in a reason, never a crash or a read outside the bytes.
@Suite struct HostileBytesTests {
    /// Reads `bytes` as the tile path would, planning and writing a block when it is served.
    static func exercise(_ bytes: [UInt8]) {
        guard let file = try? TiledHEIF(source: MemoryBytes(bytes)) else { return }
        let (width, height) = file.grid.displayedSize
        guard width > 0, height > 0,
            let span = file.grid.span(covering: file.grid.codedRect(of: .init(left: 0, top: 0, width: 1, height: 1)))
        else { return }
        _ = try? file.subgrid(span)
    }

    @Test func everyCutOfTheMetadataIsRefused() throws {
        let phone = try HEIFFixtures.bytes("IMG_2927.HEIC")
        for length in stride(from: 0, through: 3400, by: 7) {
            Self.exercise(Array(phone.prefix(length)))
            #expect(throws: TileDecline.self) { try TiledHEIF(source: MemoryBytes(Array(phone.prefix(length)))) }
        }
    }

    @Test func flippedBytesNeverCrash() throws {
        let phone = Array(try HEIFFixtures.bytes("IMG_2927.HEIC").prefix(3400))
        var random = SeededRandom(seed: 25)
        for _ in 0..<3000 {
            var bytes = phone
            for _ in 0..<3 {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            Self.exercise(bytes)
        }
    }

    @Test(arguments: [
        [UInt8](), [0, 0, 0, 1], [0, 0, 0, 8, 109, 101, 116, 97],
        [0, 0, 0, 1, 109, 101, 116, 97, 255, 255, 255, 255, 255, 255, 255, 255],
        [0, 0, 0, 0, 109, 101, 116, 97, 0, 0, 0, 0],
        [0, 0, 0, 12, 109, 101, 116, 97, 0, 0, 0, 0, 0, 0, 0, 9, 112, 105, 116, 109],
    ])
    func tinyFilesAreMalformed(bytes: [UInt8]) {
        #expect(throws: TileDecline.self) { try TiledHEIF(source: MemoryBytes(bytes)) }
    }
}
