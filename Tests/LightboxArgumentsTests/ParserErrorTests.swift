import Testing

@testable import LightboxArguments

/// Command lines that must be rejected, with the exact message and command path.
@Suite struct ParserErrorTests {
    static let crop = ["lightbox", "crop"]
    static let root = ["lightbox"]
    static let required = SampleSpec.cropRequired

    static let cases: [([String], String, [String])] = [
        ([], "missing command", root),
        (["--"], "missing command", root),
        (["crp"], "unknown command 'crp'; did you mean 'crop'?", root),
        (["vew", "a.jpg"], "unknown command 'vew'; did you mean 'view'?", root),
        (["resize"], "unknown command 'resize'", root),
        (["--", "crp"], "unknown command 'crp'; did you mean 'crop'?", root),
        (["help", "crp"], "unknown command 'crp'; did you mean 'crop'?", root),
        (["help", "crop", "extra"], "unexpected argument 'extra'", crop),
        (["--verison"], "unknown option '--verison'; did you mean '--version'?", root),
        (["--force", "crop"], "unknown option '--force'", root),
        (["crop", "--version"] + required, "unknown option '--version'", crop),
        (["crop", "--forse"] + required, "unknown option '--forse'; did you mean '--force'?", crop),
        (["crop", "--qualty=5"] + required, "unknown option '--qualty'; did you mean '--quality'?", crop),
        (["crop", "--strcit"] + required, "unknown option '--strcit'; did you mean '--strict'?", crop),
        (["crop", "--hlep"] + required, "unknown option '--hlep'; did you mean '--help'?", crop),
        (["crop", "--foo"] + required, "unknown option '--foo'", crop),
        (["crop", "-x"] + required, "unknown option '-x'", crop),
        (["crop", "-inf"] + required, "unknown option '-inf'", crop),
        (["crop", "-x=1"] + required, "unknown option '-x'", crop),
        (["crop", "-xyz"] + required, "unknown option '-xyz'", crop),
        (["crop", "-fx"] + required, "unknown option '-x'", crop),
        (["crop", "-fq"] + required, "option '-q' takes a value and cannot be grouped", crop),
        (["crop", "in.jpg", "--rect"], "missing value for '--rect <x,y,w,h>'", crop),
        (["crop", "in.jpg", "--rect", "r", "-o"], "missing value for '-o <output>'", crop),
        (["crop", "--force=yes"] + required, "option '--force' takes no value", crop),
        (["crop", "--force="] + required, "option '--force' takes no value", crop),
        (["crop", "-f=yes"] + required, "option '-f' takes no value", crop),
        (["crop", "--quality", "5", "-q", "6"] + required, "option '--quality' given more than once", crop),
        (["crop", "-o", "again"] + required, "option '--output' given more than once", crop),
        (["crop"] + required + ["extra", "more"], "unexpected argument 'extra'", crop),
        (["crop", "--rect", "r", "-o", "o"], "missing argument '<input>'", crop),
        (["crop", "in.jpg", "-o", "o"], "missing option '--rect <x,y,w,h>'", crop),
        (["crop", "in.jpg", "--rect", "r"], "missing option '--output <output>'", crop),
        (["crop", "-o", "o", "--", "--help"], "missing option '--rect <x,y,w,h>'", crop),
        (["view"], "missing argument '<images>'", ["lightbox", "view"]),
        (
            ["view", "a.jpg", "--ofset", "1,2"], "unknown option '--ofset'; did you mean '--offset'?",
            ["lightbox", "view"]
        ),
        (["view", "a.jpg", "--offset"], "missing value for '--offset <dx,dy>'", ["lightbox", "view"]),
    ]

    @Test(arguments: cases)
    func rejects(arguments: [String], message: String, path: [String]) {
        #expect(SampleSpec.error(arguments) == UsageError(message, commandPath: path))
    }

    @Test func helpAfterDoubleDashIsPositional() {
        let arguments = ["crop", "--rect", "r", "-o", "o", "--", "in.jpg", "--help"]
        #expect(SampleSpec.error(arguments) == UsageError("unexpected argument '--help'", commandPath: Self.crop))
    }
}
