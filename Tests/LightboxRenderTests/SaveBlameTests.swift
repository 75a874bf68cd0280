import Foundation
import Testing

@testable import LightboxRender

/// A failed save blames the output when the system refused the write, `cannot write: ` and the
/// system's reason: libvips' `unix error: Unknown error -1`, a buffered write whose errno it lost
/// (TIFF's and JPEG's savers on a full disk), takes the reason the message gives elsewhere.
@Suite struct SaveBlameTests {
    /// A temp file in a folder with room, as the writer names it.
    static let temp = FileManager.default.temporaryDirectory.path + "/.out.tiff.lightbox-tmp"

    /// (libvips' message, with `TEMP` for the temp file; the error, `out.tiff` the output).
    @Test(arguments: [
        (
            "VipsForeignSaveTiffFile: write error; unix error: No space left on device; TIFFAppendToStrip: Write "
                + "error at scanline 128; wbuffer_write: write failed; unix error: Unknown error -1",
            "out.tiff: cannot write: No space left on device"
        ),
        (
            "wbuffer_write: write failed; unix error: Unknown error -1; unix error: Input/output error",
            "out.tiff: cannot write: Input/output error"
        ),
        (
            "wbuffer_write: write failed; unix error: Unknown error -1",
            "out.tiff: cannot write: the system gave no reason (wbuffer_write: write failed; unix error: Unknown error -1)"
        ),
        (
            #"VipsForeignSavePngFile: unable to write to "TEMP" (unix error: No space left on device)"#,
            "out.tiff: cannot write: No space left on device"
        ),
        (
            "VipsJpeg: Premature end of JPEG file; VipsForeignSaveTiffFile: unable to write",
            "in.jpg: truncated JPEG: the data ends before the last row (libjpeg: Premature end of JPEG file)"
        ),
    ])
    func theSystemsReasonIsKept(message: String, error: String) {
        let text = message.replacingOccurrences(of: "TEMP", with: Self.temp)
        #expect(AtomicWriter.blame(text, temp: Self.temp, output: "out.tiff", input: "in.jpg").description == error)
    }
}
