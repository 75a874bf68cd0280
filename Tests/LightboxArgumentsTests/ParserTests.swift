import Testing

@testable import LightboxArguments

/// Command lines that parse successfully, and the help and version requests.
@Suite struct ParserTests {
    static let rect = "0,0,1,1"

    /// Every spelling of the options, with the option values each must produce.
    static let optionForms: [([String], [String: [String]])] = [
        (["in.jpg", "--rect", rect, "--output", "out.jpg"], ["rect": [rect], "output": ["out.jpg"]]),
        (["in.jpg", "--rect=\(rect)", "--output=out.jpg"], ["rect": [rect], "output": ["out.jpg"]]),
        (["in.jpg", "--rect", rect, "-o", "out.jpg"], ["rect": [rect], "output": ["out.jpg"]]),
        (["in.jpg", "--rect", rect, "-oout.jpg"], ["rect": [rect], "output": ["out.jpg"]]),
        (["in.jpg", "--rect", rect, "-o=out.jpg"], ["rect": [rect], "output": ["out.jpg"]]),
        (
            ["in.jpg", "--rect", "a", "--rect=b", "-o", "o", "--rect", "c"],
            ["rect": ["a", "b", "c"], "output": ["o"]]
        ),
        (["in.jpg", "--rect", rect, "-o", "o", "--force"], ["rect": [rect], "output": ["o"], "force": []]),
        (["in.jpg", "--rect", rect, "-o", "o", "-f"], ["rect": [rect], "output": ["o"], "force": []]),
        (["in.jpg", "--rect", rect, "-o", "o", "-fs"], ["rect": [rect], "output": ["o"], "force": [], "strict": []]),
        (["in.jpg", "--rect", rect, "-o", "o", "-f", "--force"], ["rect": [rect], "output": ["o"], "force": []]),
        (["--force", "-o", "o", "--rect", rect, "in.jpg"], ["rect": [rect], "output": ["o"], "force": []]),
        (
            ["in.jpg", "--rect", rect, "-o", "o", "--quality", "80"],
            ["rect": [rect], "output": ["o"], "quality": ["80"]]
        ),
        (["in.jpg", "--rect", rect, "-o", "o", "-q80"], ["rect": [rect], "output": ["o"], "quality": ["80"]]),
        (["in.jpg", "--rect", rect, "-o", "o", "--quality="], ["rect": [rect], "output": ["o"], "quality": [""]]),
        (
            ["in.jpg", "--rect", rect, "-o", "o", "--quality", "a=b"],
            ["rect": [rect], "output": ["o"], "quality": ["a=b"]]
        ),
    ]

    @Test(arguments: optionForms)
    func parsesOptionForms(arguments: [String], values: [String: [String]]) throws {
        let outcome = try SampleSpec.parse(["crop"] + arguments)
        #expect(outcome == SampleSpec.cropRun(["in.jpg"], values))
    }

    /// Values that start with a dash are taken by the option right before them.
    static let negativeValues: [([String], [String: [String]])] = [
        (["in.jpg", "--rect", "-0.1,0,1,1", "-o", "o"], ["rect": ["-0.1,0,1,1"], "output": ["o"]]),
        (["in.jpg", "--rect", "-10,5", "-o", "-o"], ["rect": ["-10,5"], "output": ["-o"]]),
        (
            ["in.jpg", "--rect", "--force", "-o", "--", "-q", "-5"],
            ["rect": ["--force"], "output": ["--"], "quality": ["-5"]]
        ),
        (["in.jpg", "--rect=-1,-1,2,2", "-o-x.jpg"], ["rect": ["-1,-1,2,2"], "output": ["-x.jpg"]]),
    ]

    @Test(arguments: negativeValues)
    func takesDashedValues(arguments: [String], values: [String: [String]]) throws {
        let outcome = try SampleSpec.parse(["crop"] + arguments)
        #expect(outcome == SampleSpec.cropRun(["in.jpg"], values))
    }

    /// Tokens that end up positional: after `--`, a lone `-`, and negative numbers.
    static let positionalForms: [([String], String)] = [
        (["--rect", rect, "-o", "o", "--", "--force"], "--force"),
        (["--rect", rect, "-o", "o", "--", "-h"], "-h"),
        (["--rect", rect, "-o", "o", "--", "--"], "--"),
        (["--rect", rect, "-o", "o", "-"], "-"),
        (["--rect", rect, "-o", "o", "-5"], "-5"),
        (["-2.5", "--rect", rect, "-o", "o"], "-2.5"),
    ]

    @Test(arguments: positionalForms)
    func keepsPositionals(arguments: [String], input: String) throws {
        let outcome = try SampleSpec.parse(["crop"] + arguments)
        #expect(outcome == SampleSpec.cropRun([input], ["rect": [Self.rect], "output": ["o"]]))
    }

    @Test func repeatingArgumentTakesEveryPositional() throws {
        let outcome = try SampleSpec.parse(["view", "a.jpg", "--offset", "-3,4", "b.jpg", "--", "-c.jpg"])
        let parsed = ParsedCommand(
            command: SampleSpec.view, path: ["lightbox", "view"], positionals: ["a.jpg", "b.jpg", "-c.jpg"],
            values: ["offset": ["-3,4"]])
        #expect(outcome == .run(parsed, path: ["lightbox", "view"]))
    }

    @Test func accessorsReadParsedValues() throws {
        let arguments = ["crop", "in.jpg", "--rect", "a", "--rect", "b", "-o", "o", "-f"]
        guard case .run(let parsed, let path) = try SampleSpec.parse(arguments) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(path == ["lightbox", "crop"])
        #expect(parsed.positionals == ["in.jpg"])
        #expect(try parsed.values(SampleSpec.rect) == ["a", "b"])
        #expect(try parsed.value(SampleSpec.rect) == "b")
        #expect(try parsed.value(SampleSpec.output) == "o")
        #expect(try parsed.value(SampleSpec.quality) == nil)
        #expect(try parsed.values(SampleSpec.quality) == [])
        #expect(parsed.flag(SampleSpec.force))
        #expect(!parsed.flag(SampleSpec.strict))
        #expect(parsed.has(SampleSpec.output))
        #expect(!parsed.has(SampleSpec.quality))
    }

    /// A typed read of a bad value is a usage error naming the option, the value and the expected form.
    @Test(arguments: [
        (["-q", "80"], nil), (["-q", "abc"], "--quality 'abc': expected a whole number from 1 to 100"),
        (["-q", "101"], "--quality '101': expected a whole number from 1 to 100"),
    ])
    func typedReadsReportBadValues(extra: [String], message: String?) throws {
        guard case .run(let parsed, _) = try SampleSpec.parse(["crop"] + SampleSpec.cropRequired + extra) else {
            Issue.record("expected a command to run")
            return
        }
        guard let message else {
            #expect(try parsed.value(SampleSpec.quality) == 80)
            return
        }
        #expect(throws: UsageError(message, commandPath: ["lightbox", "crop"])) {
            _ = try parsed.value(SampleSpec.quality)
        }
    }

    /// Command lines that ask for help, and whose help text they must produce.
    static let helpRequests: [([String], [String])] = [
        (["--help"], ["lightbox"]),
        (["-h"], ["lightbox"]),
        (["help"], ["lightbox"]),
        (["--bogus", "-h"], ["lightbox"]),
        (["bogus", "--help"], ["lightbox"]),
        (["crop", "--help"], ["lightbox", "crop"]),
        (["crop", "-h"], ["lightbox", "crop"]),
        (["help", "crop"], ["lightbox", "crop"]),
        (["help", "crop", "--help"], ["lightbox", "crop"]),
        (["crop", "in.jpg", "--rect", rect, "-h"], ["lightbox", "crop"]),
        (["crop", "--bogus", "--force=1", "--help"], ["lightbox", "crop"]),
        (["crop", "a", "b", "c", "-h"], ["lightbox", "crop"]),
        (["crop", "--rect", "--help"], ["lightbox", "crop"]),
        (["crop", "--version", "-h"], ["lightbox", "crop"]),
        (["view", "--help"], ["lightbox", "view"]),
        (["help", "view"], ["lightbox", "view"]),
    ]

    @Test(arguments: helpRequests)
    func returnsHelp(arguments: [String], path: [String]) throws {
        let command = SampleSpec.root.subcommands.first { $0.name == path.last } ?? SampleSpec.root
        let expected = HelpFormatter.help(for: command, path: path)
        #expect(try SampleSpec.parse(arguments) == .help(expected))
    }

    @Test(arguments: [["--version"], ["--version", "crop"]])
    func returnsVersionAtTheRoot(arguments: [String]) throws {
        #expect(try SampleSpec.parse(arguments) == .version)
    }

    @Test func leafRootParsesItsOwnOptions() throws {
        let root = CommandSpec(
            name: "tool", abstract: "A tool.",
            arguments: [ArgumentSpec(name: "file", help: "A file.", isOptional: true)],
            options: [Flag("verbose", short: "v", help: "Talk more.").spec])
        #expect(try ArgumentParser.parse(["--version"], root: root) == .version)
        #expect(
            try ArgumentParser.parse([], root: root)
                == .run(
                    ParsedCommand(command: root, path: ["tool"], positionals: [], values: [:]), path: ["tool"]))
        #expect(
            try ArgumentParser.parse(["-v", "f"], root: root)
                == .run(
                    ParsedCommand(command: root, path: ["tool"], positionals: ["f"], values: ["verbose": []]),
                    path: ["tool"]))
    }

    @Test func declaredShortHOverridesHelp() throws {
        let root = CommandSpec(
            name: "tool", abstract: "A tool.",
            options: [Option<String>("height", short: "h", valueName: "px", help: "The height.").spec])
        #expect(
            try ArgumentParser.parse(["-h", "10"], root: root)
                == .run(
                    ParsedCommand(command: root, path: ["tool"], positionals: [], values: ["height": ["10"]]),
                    path: ["tool"]))
        #expect(
            try ArgumentParser.parse(["--help"], root: root)
                == .help(
                    HelpFormatter.help(for: root, path: ["tool"])))
    }
}
