import Testing

@testable import LightboxArguments

/// The generated usage lines, help texts and error messages.
@Suite struct HelpFormatterTests {
    static let cropPath = ["lightbox", "crop"]

    static let cropHelp = """
        OVERVIEW: Crop one or more rectangles out of an image.

        USAGE: lightbox crop <input> --rect <x,y,w,h> [--rect <x,y,w,h> ...]
                 -o <output> [options]

        ARGUMENTS:
          <input>                The image to crop.

        OPTIONS:
          --rect <x,y,w,h>       A rectangle in normalized coordinates; give one per
                                 crop. Values may be negative or exceed 1 to reach
                                 outside the image.
          -o, --output <output>  Where to write the result.
          -q, --quality <q>      JPEG quality from 1 to 100.
          -f, --force            Overwrite the output if it exists.
          -s, --strict           Fail when a rectangle leaves the image.
          -h, --help             Show help information.

        EXIT CODES:
          0   The crops were written.
          64  The command line was invalid.

        EXAMPLES:
          lightbox crop photo.jpg --rect 0,0,0.5,0.5 -o top-left.jpg
        """

    static let rootHelp = """
        OVERVIEW: Crop and inspect images.

        USAGE: lightbox <subcommand>

        OPTIONS:
          --version   Show the version.
          -h, --help  Show help information.

        SUBCOMMANDS:
          crop        Crop one or more rectangles out of an image.
          view        Show images in the terminal.

          See 'lightbox help <subcommand>' for detailed help.

        EXAMPLES:
          lightbox crop photo.jpg --rect 0,0,1,1 -o copy.jpg
        """

    @Test func cropHelpMatchesExactly() {
        #expect(HelpFormatter.help(for: SampleSpec.crop, path: Self.cropPath) == Self.cropHelp)
    }

    @Test func rootHelpMatchesExactly() {
        #expect(HelpFormatter.help(for: SampleSpec.root, path: ["lightbox"]) == Self.rootHelp)
    }

    @Test func parserReturnsGeneratedHelp() throws {
        #expect(try SampleSpec.parse(["help", "crop"]) == .help(Self.cropHelp))
        #expect(try SampleSpec.parse(["--help"]) == .help(Self.rootHelp))
    }

    static let usageLines: [(CommandSpec, [String], String)] = [
        (
            SampleSpec.crop, ["lightbox", "crop"],
            "Usage: lightbox crop <input> --rect <x,y,w,h> [--rect <x,y,w,h> ...] -o <output> [options]"
        ),
        (SampleSpec.view, ["lightbox", "view"], "Usage: lightbox view <images> ... [--offset <dx,dy>]"),
        (SampleSpec.root, ["lightbox"], "Usage: lightbox <subcommand>"),
        (HelpSamples.convert, ["tool", "convert"], "Usage: tool convert <input> [<output>] [-f] [--tag <tag> ...]"),
        (HelpSamples.bare, ["tool"], "Usage: tool [<files> ...]"),
    ]

    @Test(arguments: usageLines)
    func usageLine(command: CommandSpec, path: [String], expected: String) {
        #expect(HelpFormatter.usage(for: command, path: path) == expected)
    }

    static let errors: [(UsageError, String)] = [
        (
            UsageError("unknown option '--forse'; did you mean '--force'?", commandPath: ["lightbox", "crop"]),
            """
            Error: unknown option '--forse'; did you mean '--force'?
            Usage: lightbox crop <input> --rect <x,y,w,h> [--rect <x,y,w,h> ...] -o <output> [options]
            See 'lightbox crop --help'.
            """
        ),
        (
            UsageError("missing command", commandPath: ["lightbox"]),
            "Error: missing command\nUsage: lightbox <subcommand>\nSee 'lightbox --help'."
        ),
        (
            UsageError("missing argument '<images>'", commandPath: ["lightbox", "view"]),
            "Error: missing argument '<images>'\nUsage: lightbox view <images> ... [--offset <dx,dy>]\n"
                + "See 'lightbox view --help'."
        ),
        (
            UsageError("odd", commandPath: ["lightbox", "nope"]),
            "Error: odd\nUsage: lightbox <subcommand>\nSee 'lightbox --help'."
        ),
    ]

    @Test(arguments: errors)
    func formatsErrors(error: UsageError, expected: String) {
        #expect(ErrorFormatter.format(error, root: SampleSpec.root) == expected)
    }

    @Test func formatsParserErrorWithItsCommandUsage() throws {
        let error = try #require(SampleSpec.error(["crop", "in.jpg", "--rect"]))
        #expect(
            ErrorFormatter.format(error, root: SampleSpec.root) == """
                Error: missing value for '--rect <x,y,w,h>'
                Usage: lightbox crop <input> --rect <x,y,w,h> [--rect <x,y,w,h> ...] -o <output> [options]
                See 'lightbox crop --help'.
                """)
    }
}
