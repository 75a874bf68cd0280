import Foundation
import Testing

@testable import Vips

/// Random access to a file a sequential loader reads: decoded once, under the guard, the first
/// time a pixel is asked for.
@Suite struct MemoryOnDemandTests {
    /// The repository's Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func randomAccessGivesTheSequentialPixels() throws {
        let path = Self.fixtures.appendingPathComponent("pattern.png").path
        Vips.ensureStarted()  // loader types are registered by libvips' start, which another test may not have made yet
        #expect(Vips.loadsSequentially("VipsForeignLoadPngFile", path))
        let random = try VImage.load(path, access: .random, failOn: .truncated)
        let streamed = try VImage.load(path, access: .sequential, failOn: .truncated)
        let (width, height) = (random.width, random.height)
        #expect((width, height) == (640, 480))
        // Read bottom first, then top: any order works once decoded.
        let bottom = try random.crop(left: 0, top: 400, width: width, height: 80).average()
        let top = try random.crop(left: 0, top: 0, width: width, height: 80).average()
        let streamedBottom = try streamed.crop(left: 0, top: 400, width: width, height: 80).average()
        #expect(bottom == streamedBottom)
        #expect(top != bottom)
    }

    /// Every read of a cut file fails, the second with the first's reason, which is libpng's.
    /// libvips' error buffer is one for the process, and other suites running beside this one
    /// clear it after failures they expect; one of them can clear it between libpng's error and
    /// the read of it (a worker runs one job, so only tests meet this), so a run that lost the
    /// reason is tried again with a new image, up to five times.
    @Test func aCutFileFailsEveryReadWithLibpngsReason() throws {
        let whole = try Data(contentsOf: Self.fixtures.appendingPathComponent("pattern.png"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(getpid()).png").path
        try whole.prefix(700).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        var reasons: [[String]] = []
        for _ in 0..<5 where !(reasons.last?.allSatisfy { $0.contains("libpng read error") } ?? false) {
            let image = try VImage.load(path, access: .random, failOn: .truncated)
            var reads: [String] = []
            for _ in 0..<2 {
                #expect {
                    _ = try image.crop(left: 0, top: 0, width: 10, height: 10).average()
                } throws: { error in
                    reads.append((error as? VipsError)?.message ?? "")
                    return true
                }
            }
            reasons.append(reads)
        }
        #expect(reasons.last?.allSatisfy { $0.contains("libpng read error") } == true, "\(reasons)")
    }
}
