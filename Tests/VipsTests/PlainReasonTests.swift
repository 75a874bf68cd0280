import Testing

@testable import Vips

/// libvips' failures are said in plain words first: its class names never start a reason, known
/// failures get their own words with the library's after them where they add something.
@Suite struct PlainReasonTests {
    /// The plain words of a truncated JPEG.
    static let truncated = "truncated JPEG: the data ends before the last row"

    /// (libvips' detail, as a reason carries it; the plain reason).
    @Test(arguments: [
        ("VipsJpeg: Premature end of input file", "\(truncated) (libjpeg: Premature end of input file)"),
        (
            "copy to memory: VipsJpeg: Premature end of input file",
            "\(truncated) (libjpeg: Premature end of input file)"
        ),
        ("VipsJpeg: Premature end of JPEG file", "\(truncated) (libjpeg: Premature end of JPEG file)"),
        (
            "VipsJpeg: Premature end of input file; tiff2vips: read error",
            "\(truncated) (libjpeg: Premature end of input file; tiff2vips: read error)"
        ),
        ("VipsForeignLoad: \"fake.png\" is not a known file format", "is not an image"),
        ("cannot open: VipsForeignLoad: \"a b.png\" is not a known file format", "is not an image"),
        ("VipsForeignLoadPngFile: IHDR: CRC error", "IHDR: CRC error"),
        ("copy to memory: VipsJpeg: odd", "copy to memory: odd"),
        ("bad seek to 9; VipsForeignLoadHeifFile: heif: Invalid", "bad seek to 9; heif: Invalid"),
        ("thumbnail: VipsForeignLoadTiffFile: read error (VipsRegion: no pixels)", "thumbnail: read error (no pixels)"),
        ("Premature end of input file", "Premature end of input file"),
        ("VipsJpeg: Premature end of input file, and more", "Premature end of input file, and more"),
        ("a Vips: note", "a Vips: note"),
        ("cannot open: No such file or directory", "cannot open: No such file or directory"),
        ("\(truncated) (libjpeg: Premature end of input file)", "\(truncated) (libjpeg: Premature end of input file)"),
    ])
    func libvipsDetailIsSaidPlainly(detail: String, reason: String) {
        #expect(PlainReason.of(detail) == reason)
    }

    /// (a file's first bytes, in hexadecimal or as text; the reason a file no loader takes is given).
    static let heads: [(head: [UInt8], reason: String)] = [
        (bytes("hello, this is text\n"), "is not an image (it starts with text)"),
        (bytes("name,x,y\r\n\tcafé"), "is not an image (it starts with text)"),
        ([0xC3, 0x61, 0x61], "is not an image (it starts with bytes C3 61 61)"),
        (bytes(String(repeating: "a", count: 63) + "é"), "is not an image (it starts with text)"),
        ([0x61, 0x62, 0xC3], "is not an image (it starts with bytes 61 62 C3)"),
        (
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0],
            "is not an image (it starts with bytes 89 50 4E 47 0D 0A 1A 0A)"
        ),
        ([0x00, 0x01, 0x02], "is not an image (it starts with bytes 00 01 02)"),
        (bytes("text\u{1B}[31m"), "is not an image (it starts with bytes 74 65 78 74 1B 5B 33 31)"),
        ([], "is not an image"),
    ]

    /// The UTF-8 bytes of `text`.
    static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    @Test(arguments: heads)
    func aFileNoLoaderTakesIsNoImage(head: [UInt8], reason: String) {
        #expect(PlainReason.notAnImage(startingWith: head) == reason)
    }

    /// (libvips' message about a save the system refused; the reason).
    @Test(arguments: [
        (
            "VipsForeignSaveTiffFile: unable to open for write; unix error: No such file or directory",
            "cannot write: No such file or directory"
        ),
        (
            #"VipsForeignSaveJpegFile: unable to open "/proc/x.jpg" for writing (unix error: No such file or directory)"#,
            "cannot write: No such file or directory"
        ),
        (
            "wbuffer_write: write failed; unix error: Unknown error -1; unix error: Input/output error",
            "cannot write: Input/output error"
        ),
        (
            "VipsForeignSaveTiffFile: write failed; unix error: Unknown error -1",
            "cannot write: the system gave no reason (write failed; unix error: Unknown error -1)"
        ),
    ])
    func aRefusedSaveCannotWrite(message: String, reason: String) {
        #expect(PlainReason.cannotWrite(message) == reason)
    }

    /// A decoder's warnings are said as errors are, and one is removed in either words.
    @Test func warningsAreSaidAsErrorsAre() {
        let warnings = DecoderWarnings([
            "VipsJpeg: Corrupt JPEG data: bad Huffman code", "Corrupt JPEG data: bad Huffman code",
            "VipsJpeg: Premature end of JPEG file",
        ])
        #expect(
            warnings.messages == [
                "Corrupt JPEG data: bad Huffman code", "\(Self.truncated) (libjpeg: Premature end of JPEG file)",
            ])
        #expect(warnings.removing("VipsJpeg: Premature end of JPEG file").messages == [warnings.messages[0]])
        #expect(warnings.removing(warnings.messages[1]).messages == [warnings.messages[0]])
    }
}
