import Testing

@testable import LightboxArguments

/// Specs with awkward shapes for checking the help layout rules.
enum HelpSamples {
    static let convert = CommandSpec(
        name: "convert",
        abstract: "Convert an image.",
        arguments: [
            ArgumentSpec(name: "input", help: "The source."),
            ArgumentSpec(name: "output", help: "The destination.", isOptional: true),
        ],
        options: [
            Flag("fast", short: "f", help: "Trade quality for speed.").spec,
            Option<String>("tag", valueName: "tag", help: "A tag to attach.", repeated: true).spec,
        ]
    )

    static let bare = CommandSpec(
        name: "tool",
        abstract: "",
        arguments: [ArgumentSpec(name: "files", help: "", isRepeating: true, isOptional: true)]
    )

    static let wordy = CommandSpec(
        name: "render",
        abstract: "Render a contact sheet of many images, which is a long abstract that has to wrap "
            + "onto a second line to stay inside eighty columns.",
        discussion: "A discussion line that is much longer than eighty columns and therefore has to be "
            + "wrapped at a word boundary.\n\n  An indented line.",
        arguments: [ArgumentSpec(name: "input", help: "The folder.")],
        options: [
            Option<String>("background-colour-of-the-sheet", valueName: "colour", help: "The colour behind the images.")
                .spec,
            Option<String>(
                "columns", short: "c", valueName: "n", help: String(repeating: "Columns per row. ", count: 12)
            ).spec,
            Flag("labels", help: "Print file names under each image.").spec,
        ],
        examples: ["lightbox render photos --columns 4 --labels --background-colour-of-the-sheet black -o sheet.png"]
    )

    static let root = CommandSpec(name: "lightbox", abstract: "Images.", subcommands: [wordy, convert])
}

/// Layout rules of the generated help: width, alignment and listed entries.
@Suite struct HelpLayoutTests {
    static let samples: [(CommandSpec, [String])] = [
        (SampleSpec.root, ["lightbox"]),
        (SampleSpec.crop, ["lightbox", "crop"]),
        (SampleSpec.view, ["lightbox", "view"]),
        (HelpSamples.wordy, ["lightbox", "render"]),
        (HelpSamples.convert, ["lightbox", "convert"]),
        (HelpSamples.root, ["lightbox"]),
    ]

    @Test(arguments: samples)
    func noLineIsWiderThanEighty(command: CommandSpec, path: [String]) {
        let lines = HelpFormatter.help(for: command, path: path).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.allSatisfy { $0.last != " " })
    }

    @Test(arguments: samples)
    func listsEveryOptionAndSubcommand(command: CommandSpec, path: [String]) {
        let help = HelpFormatter.help(for: command, path: path)
        let lines = help.split(separator: "\n")
        let entries = command.subcommands.isEmpty ? command.options.map(\.helpLabel) : command.subcommands.map(\.name)
        for entry in entries + ["-h, --help "] {
            #expect(lines.contains { $0.hasPrefix("  \(entry)") }, "\(entry)")
        }
        #expect(help.contains("\n  --version") == (path.count == 1))
    }

    /// A paragraph with a line too long is filled again as a whole: no word alone on a line.
    @Test func aLongLineIsReflowedWithItsParagraph() {
        let long = String(repeating: "word ", count: 15) + "and"
        let text = "  " + long + "\n  the rest of the sentence.\n\n  short line\n  kept as it is"
        let lines = TextLayout.wrapParagraphs(text)
        #expect(lines.allSatisfy { $0.count <= TextLayout.lineWidth })
        #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").count == 1 })
        #expect(lines.suffix(3) == ["", "  short line", "  kept as it is"])
        #expect(lines.joined(separator: " ").split(separator: " ").count == 16 + 5 + 2 + 4)
    }

    /// (text, width, lines): a last line of one word takes the word before it.
    static let balanced: [(String, Int, [String])] = [
        ("one two three four five six", 20, ["  one two three four", "    five six"]),
        ("one two three four five", 20, ["  one two three", "    four five"]),
        ("alpha beta gamma delta", 20, ["  alpha beta", "    gamma delta"]),
        ("alpha beta", 8, ["  alpha", "    beta"]),
        ("a b c d e f g h i j", 12, ["  a b c d e", "    f g h", "    i j"]),
    ]

    @Test(arguments: balanced)
    func noLastLineIsOneWord(text: String, width: Int, lines: [String]) {
        let words = text.split(separator: " ").map(String.init)
        #expect(TextLayout.fill(words, firstPrefix: "  ", continuation: "    ", width: width) == lines)
    }

    /// (command, lines): examples break only before an option, keep its value, and leave no word alone.
    static let examples: [(String, [String])] = [
        ("lightbox crop a.jpg --rect 0,0,1,1 -o b.jpg", ["  lightbox crop a.jpg --rect 0,0,1,1 -o b.jpg"]),
        (
            "lightbox view a.jpg b.jpg c.jpg --page 1 --screen 390x844 --scale 3 --chrome -o shot.png",
            ["  lightbox view a.jpg b.jpg c.jpg --page 1 --screen 390x844 --scale 3 --chrome \\", "    -o shot.png"]
        ),
        (
            "lightbox crop --coco instances.json --images val2017 --out-dir cutouts --mask --json",
            ["  lightbox crop --coco instances.json --images val2017 --out-dir cutouts \\", "    --mask --json"]
        ),
        (
            "lightbox crop --coco instances.json --images val2017 --out-dir cutout-folder --mask",
            ["  lightbox crop --coco instances.json --images val2017 \\", "    --out-dir cutout-folder --mask"]
        ),
    ]

    @Test(arguments: examples)
    func examplesBreakBeforeOptions(command: String, lines: [String]) {
        #expect(TextLayout.example(command) == lines)
    }

    @Test func descriptionsShareOneColumn() {
        let help = HelpFormatter.help(for: HelpSamples.wordy, path: ["lightbox", "render"])
        #expect(
            help.contains(
                """
                ARGUMENTS:
                  <input>            The folder.

                OPTIONS:
                  --background-colour-of-the-sheet <colour>
                                     The colour behind the images.
                  -c, --columns <n>  Columns per row. Columns per row. Columns per row. Columns
                                     per row. Columns per row. Columns per row. Columns per row.
                                     Columns per row. Columns per row. Columns per row. Columns
                                     per row. Columns per row.
                  --labels           Print file names under each image.
                  -h, --help         Show help information.
                """))
    }

    @Test func wrapsOverviewDiscussionAndExamples() {
        let help = HelpFormatter.help(for: HelpSamples.wordy, path: ["lightbox", "render"])
        #expect(
            help.hasPrefix(
                """
                OVERVIEW: Render a contact sheet of many images, which is a long abstract that
                  has to wrap onto a second line to stay inside eighty columns.

                USAGE: lightbox render <input> [options]
                """))
        #expect(
            help.contains(
                """
                A discussion line that is much longer than eighty columns and therefore has to
                  be wrapped at a word boundary.

                  An indented line.
                """))
        #expect(
            help.hasSuffix(
                """
                EXAMPLES:
                  lightbox render photos --columns 4 --labels \\
                    --background-colour-of-the-sheet black -o sheet.png
                """))
    }

    @Test func subcommandColumnAlignsWithOptions() {
        let help = HelpFormatter.help(for: HelpSamples.root, path: ["lightbox"])
        #expect(
            help.contains(
                """
                OPTIONS:
                  --version   Show the version.
                  -h, --help  Show help information.

                SUBCOMMANDS:
                  render      Render a contact sheet of many images, which is a long abstract
                              that has to wrap onto a second line to stay inside eighty columns.
                  convert     Convert an image.
                """))
    }

    @Test func emptyDescriptionsLeaveLabelsAlone() {
        #expect(
            HelpFormatter.help(for: HelpSamples.bare, path: ["tool"]) == """
                USAGE: tool [<files> ...]

                ARGUMENTS:
                  <files> ...

                OPTIONS:
                  --version    Show the version.
                  -h, --help   Show help information.
                """)
    }
}
