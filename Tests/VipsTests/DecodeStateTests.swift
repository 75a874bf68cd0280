import CVips
import Foundation
import Testing

@testable import Vips

/// A job starts with nothing of the last one: no error text, no warning of any thread, no cached operation.
@Suite(.serialized) struct DecodeStateTests {
    @Test func aJobStartsWithNothingOfTheLast() throws {
        Vips.ensureStarted()
        // Other suites share this process and its libvips: only this test's own words are looked for.
        let marker = "decode-state-\(getpid())"
        let other = Thread { VipsWarnings.record("\(marker): IDAT: CRC error") }
        other.start()
        while !other.isFinished { usleep(1000) }
        marker.withCString { text in withVaList([text]) { vips_verror("VipsJpeg", "%s: Corrupt JPEG data", $0) } }
        let cached = try VOperation.call("black", [("width", .int(317)), ("height", .int(211))]).image()

        DecodeState.startJob()

        #expect(!String(cString: vips_error_buffer()).contains(marker))
        #expect(VipsWarnings.telling()?.contains(marker) != true)
        #expect(!VipsWarnings.explained("vipspng: libpng read error").contains(marker))
        #expect(!VipsError.fromBuffer("load").message.contains(marker))
        // Built again, the same operation is a new one: the cache was emptied.
        let again = try VOperation.call("black", [("width", .int(317)), ("height", .int(211))]).image()
        #expect(again.pointer != cached.pointer)
    }
}
