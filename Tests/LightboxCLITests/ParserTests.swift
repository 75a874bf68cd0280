import LightboxCLI
import Testing

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
            command: SampleSpec.view, positionals: ["a.jpg", "b.jpg", "-c.jpg"], values: ["offset": ["-3,4"]])
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
        #expect(parsed.values("rect") == ["a", "b"])
        #expect(parsed.value("rect") == "b")
        #expect(parsed.value("output") == "o")
        #expect(parsed.value("quality") == nil)
        #expect(parsed.values("quality") == [])
        #expect(parsed.flag("force"))
        #expect(!parsed.flag("strict"))
        #expect(parsed.has("output"))
        #expect(!parsed.has("quality"))
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

    @Test func undeclaredOptionNameIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let parsed = ParsedCommand(command: SampleSpec.crop, positionals: [], values: [:])
            _ = parsed.value("colour")
        }
    }

    @Test func leafRootParsesItsOwnOptions() throws {
        let root = CommandSpec(
            name: "tool", abstract: "A tool.", arguments: [.optional("file", help: "A file.")],
            options: [.flag("verbose", short: "v", help: "Talk more.")])
        #expect(try ArgumentParser.parse(["--version"], root: root) == .version)
        #expect(
            try ArgumentParser.parse([], root: root)
                == .run(
                    ParsedCommand(command: root, positionals: [], values: [:]), path: ["tool"]))
        #expect(
            try ArgumentParser.parse(["-v", "f"], root: root)
                == .run(
                    ParsedCommand(command: root, positionals: ["f"], values: ["verbose": []]), path: ["tool"]))
    }

    @Test func declaredShortHOverridesHelp() throws {
        let root = CommandSpec(
            name: "tool", abstract: "A tool.",
            options: [.value("height", short: "h", valueName: "px", help: "The height.")])
        #expect(
            try ArgumentParser.parse(["-h", "10"], root: root)
                == .run(
                    ParsedCommand(command: root, positionals: [], values: ["height": ["10"]]), path: ["tool"]))
        #expect(
            try ArgumentParser.parse(["--help"], root: root)
                == .help(
                    HelpFormatter.help(for: root, path: ["tool"])))
    }
}
