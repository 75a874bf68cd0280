import Testing

@testable import Vips

/// The decoder's warnings as values, and how libvips' words are told apart: libjpeg's warnings
/// from errors in the error buffer, a file's warnings from libvips' own echoes.
@Suite struct DecoderWarningsTests {
    @Test func eachWarningIsKeptOnceAndCounted() {
        var warnings = DecoderWarnings(["a", "b", "a", "  ", "c\n"])
        #expect(warnings.messages == ["a", "b", "c"])
        #expect(warnings.suffix == " (and 3 more warnings)")
        #expect(warnings.removing("b").suffix == " (and 2 more warnings)")
        #expect(DecoderWarnings(["a"]).suffix == " (and 1 more warning)")
        #expect(DecoderWarnings().suffix.isEmpty)
        warnings.add(DecoderWarnings((0..<150).map { "w\($0)" }))
        #expect(warnings.messages.count == DecoderWarnings.kept)
        #expect(warnings.count == 153)
    }

    @Test func aLongWarningIsCut() {
        let warnings = DecoderWarnings([String(repeating: "x", count: 2000)])
        #expect(warnings.messages[0].count == DecoderWarnings.longest + 2)
    }

    @Test(arguments: [
        ("VipsJpeg: Corrupt JPEG data: premature end of data segment", true),
        ("VipsJpeg: Corrupt JPEG data: 1203 extraneous bytes before marker 0xd9", true),
        ("Corrupt JPEG data: found marker 0xd4 instead of RST3", true),
        ("VipsJpeg: Premature end of JPEG file", true),
        ("VipsJpeg: Premature end of input file", false),
        ("VipsJpeg: Not a JPEG file: starts with 0x79 0x49", false),
        ("VipsJpeg: Huffman table 0x08 was not defined", false),
        ("tiff2vips: read error", false),
    ])
    func libjpegsWarningsAreToldFromItsErrors(line: String, warning: Bool) {
        #expect(JPEGWarningTexts.isWarning(line) == warning)
    }

    @Test func libvipsOwnEchoesAreNotTheFiles() {
        #expect(VipsWarnings.fileLines(of: "error in tile 0 x 128").isEmpty)
        #expect(VipsWarnings.fileLines(of: "read gave 2 warnings").isEmpty)
        #expect(VipsWarnings.fileLines(of: "heifload: ignoring nclx profile").isEmpty)
        #expect(VipsWarnings.fileLines(of: "IDAT: CRC error") == ["IDAT: CRC error"])
        // The JPEG reader's copy of the error buffer: only libjpeg's warnings in it are the file's.
        let copy = "VipsJpeg: Corrupt JPEG data: bad Huffman code\ntiff2vips: read error\n"
        #expect(VipsWarnings.fileLines(of: copy) == ["VipsJpeg: Corrupt JPEG data: bad Huffman code"])
    }

    /// The error buffer's lines (libjpeg's warnings from a JPEG-compressed TIFF's tiles among
    /// them), the file's warnings and its telling warning, made into one error and its warnings.
    @Test(arguments: [
        (
            [
                "VipsJpeg: Corrupt JPEG data: 12 extraneous bytes before marker 0xd9",
                "VipsJpeg: Corrupt JPEG data: 40 extraneous bytes before marker 0xd9",
                "VipsJpeg: Not a JPEG file: starts with 0x79 0x49", "tiff2vips: decompress error tile 768 x 0",
            ], ["Unknown field with tag 40000 (0x9c40) encountered"], nil,
            "load: VipsJpeg: Not a JPEG file: starts with 0x79 0x49; tiff2vips: decompress error tile 768 x 0", 3
        ),
        (
            [
                "VipsJpeg: Corrupt JPEG data: premature end of data segment",
                "VipsJpeg: Corrupt JPEG data: bad Huffman code",
            ], [], nil, "load: VipsJpeg: Corrupt JPEG data: premature end of data segment", 1
        ),
        (
            ["vipspng: libpng read error"], ["IDAT: CRC error"], "IDAT: CRC error",
            "load: vipspng: libpng read error (IDAT: CRC error)", 0
        ),
        ([], ["a", "IDAT: CRC error"], "IDAT: CRC error", "load: IDAT: CRC error", 1),
        ([], [], nil, "load: failed (libvips gave no reason)", 0),
    ])
    func theErrorIsMadeOfTheLinesThatAreNotWarnings(
        lines: [String], recorded: [String], telling: String?, message: String, warnings: Int
    ) {
        let error = VipsError.made("load", lines: lines, warnings: DecoderWarnings(recorded), telling: telling)
        #expect(error.message == message)
        #expect(error.warnings.count == warnings, "\(error.warnings.messages)")
    }

    @Test func aReasonKeepsTheErrorLinesThatFit() {
        let long = String(repeating: "e", count: 300)
        #expect(VipsError.fitting(["a", "b"]) == ["a", "b"])
        #expect(VipsError.fitting([long, long]) == [long])
        #expect(VipsError.fitting([String(repeating: "e", count: 900)])[0].count == VipsError.longestDetail + 2)
        #expect(VipsError.fitting([]).isEmpty)
    }
}
