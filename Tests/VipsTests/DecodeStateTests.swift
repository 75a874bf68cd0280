import CVips
import Foundation
import Testing

@testable import Vips

/// A job starts with nothing of the last one: no error text, no warning of any thread, no cached operation.
@Suite(.serialized) struct DecodeStateTests {
    @Test func aJobStartsWithNothingOfTheLast() throws {
        Vips.ensureStarted()
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pattern.png").path
        _ = try VImage.load(path, access: "sequential").average()
        let other = Thread {
            VipsWarnings.record("IDAT: CRC error")
        }
        other.start()
        while !other.isFinished { usleep(1000) }
        VipsWarnings.record("found marker 0xf7 instead of RST0")
        withVaList([]) { vips_verror("VipsJpeg", "Corrupt JPEG data", $0) }
        let cached = try VOperation.call("black", [("width", .int(317)), ("height", .int(211))]).image()

        DecodeState.startJob()

        #expect(String(cString: vips_error_buffer()).isEmpty)
        #expect(VipsWarnings.telling() == nil)
        #expect(VipsWarnings.explained("vipspng: libpng read error") == "vipspng: libpng read error")
        // Other suites share this process's cache, so only this entry is looked at: built again, it is new.
        let again = try VOperation.call("black", [("width", .int(317)), ("height", .int(211))]).image()
        #expect(again.pointer != cached.pointer)
        #expect(VipsError.fromBuffer("load").message == "load: failed (libvips gave no reason)")
    }
}
