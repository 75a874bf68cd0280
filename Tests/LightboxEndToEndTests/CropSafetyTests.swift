import Foundation
import Testing
import Vips

/// Decompression bombs are refused before decoding; SIGINT and SIGTERM stop a batch cleanly.
@Suite(.processes) struct CropSafetyTests {
    /// A PNG whose header declares `width` x `height` pixels, cut off after a few bytes of data.
    static func bombPNG(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
            }
            return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
                + chunk("IDAT", [UInt8](repeating: 0, count: 16)))
    }

    @Test func decompressionBombIsRefusedBeforeDecoding() throws {
        let scratch = try Scratch()
        let bomb = scratch.path("bomb.png")
        try Self.bombPNG(width: 100_000, height: 100_000).write(to: URL(fileURLWithPath: bomb))
        let result = try CommandRunner.run(["crop", bomb, "--rect", "0,0,0.001,0.001", "-o", scratch.path("out.png")])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: \(bomb): 100000x100000 is 10000.0 megapixels, over the limit of 250000000 pixels (--max-pixels; 0 for none)\n"
        )
        #expect(try scratch.contents() == ["bomb.png"])
    }

    @Test func maxPixelsIsAdjustable() throws {
        let scratch = try Scratch()
        let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path
        let refused = try CommandRunner.run([
            "crop", pattern, "--rect", "0,0,1,1", "-o", scratch.path("a.png"), "--max-pixels", "300000",
        ])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("640x480 is 0.3 megapixels, over the limit of 300000 pixels"))
        let allowed = try CommandRunner.run([
            "crop", pattern, "--rect", "0,0,1,1", "-o", scratch.path("b.png"), "--max-pixels", "0",
        ])
        #expect(allowed.status == 0)
        #expect(try scratch.contents() == ["b.png"])
    }

    @Test func failOnNoneAcceptsATruncatedInput() throws {
        let scratch = try Scratch()
        let source = try Data(contentsOf: CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg"))
        let truncated = scratch.path("truncated.jpg")
        try source.prefix(source.count * 3 / 4).write(to: URL(fileURLWithPath: truncated))
        let strict = try CommandRunner.run(["crop", truncated, "--rect", "0,0,1,1", "-o", scratch.path("strict.png")])
        #expect(strict.status == 1)
        let lenient = try CommandRunner.run([
            "crop", truncated, "--rect", "0,0,1,1", "-o", scratch.path("lenient.png"), "--fail-on", "none",
        ])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(try VImage.load(scratch.path("lenient.png")).width == 1800)
        #expect(try scratch.contents() == ["lenient.png", "truncated.jpg"])
    }

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func signalsStopCleanly(signal: Int32, code: Int32, name: String) throws {
        let scratch = try Scratch()
        let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg")
        let manifest = try scratch.manifestOfCopies(photo, count: 60)
        let out = scratch.path("out")
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["crop", "--manifest", manifest, "--out-dir", out, "--jobs", "2"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        Poll.until(within: 30) {
            (try? FileManager.default.contentsOfDirectory(atPath: out))?.contains { !$0.hasPrefix(".") } ?? false
        }
        kill(process.processIdentifier, signal)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == code)
        #expect(stderr.contains("interrupted by \(name): "), "\(stderr)")
        #expect(!stderr.contains("\u{1B}") && !stderr.contains("\r"), "terminal escapes in a redirected log")
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "temp files left: \(left)")
        #expect(left.count < 60)
        for name in left { #expect(try VImage.load(out + "/" + name).width == 1800) }
    }
}
