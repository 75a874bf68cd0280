import Foundation
import LightboxArguments
import Testing

@testable import LightboxCLI

/// Completion scripts and the man page come from the same tables as `--help`, and each shell accepts its script.
@Suite(.timeLimit(.minutes(10))) struct GeneratedTextTests {
    /// The text `arguments` generate, or a failed expectation.
    static func generate(_ arguments: [String]) throws -> String {
        try #require(try GeneratedText.text(for: arguments, root: Lightbox.root, version: Lightbox.version))
    }

    /// Runs `shell` with `arguments` and returns its status and stdout; nil when the shell is not installed.
    static func run(_ shell: String, _ arguments: [String]) throws -> (Int32, String)? {
        let path = "/usr/bin/\(shell)"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The script for `shell` in a temp file.
    static func scriptFile(_ shell: String) throws -> String {
        let path = NSTemporaryDirectory() + "lightbox-completion-\(UUID().uuidString).\(shell)"
        try Data(try generate(["--generate-completion-script", shell]).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// No line of a help (prose, option descriptions, examples; the root's and every command's,
    /// by `--help` or `help COMMAND`) is a lone word the wrapping left behind.
    @Test(arguments: [
        [], ["crop"], ["view"], ["board"], ["batch"], ["help", "crop"], ["help", "view"], ["help", "board"],
        ["help", "batch"],
    ])
    func helpLeavesNoWordAlone(command: [String]) throws {
        let arguments = command.first == "help" ? command : command + ["--help"]
        guard case .help(let text) = try ArgumentParser.parse(arguments, root: Lightbox.root) else {
            Issue.record("no help")
            return
        }
        let alone = text.split(separator: "\n").filter { line in
            line.split(separator: " ").filter { $0 != "\\" }.count == 1 && !line.hasSuffix(":")
        }
        #expect(alone.isEmpty, "\(alone)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyScriptNamesEveryCommandAndOption(shell: String) throws {
        let script = try Self.generate(["--generate-completion-script=\(shell)"])
        for command in Lightbox.root.subcommands {
            #expect(script.contains(command.name))
            for option in command.options {
                #expect(
                    script.contains("--\(option.long)") || script.contains("-l \(option.long)"),
                    "\(shell): --\(option.long)")
            }
        }
        #expect(script.contains("none truncated error warning"))
    }

    @Test(arguments: [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])])
    func theShellAcceptsItsScript(shell: String, check: [String]) throws {
        let file = try Self.scriptFile(shell)
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let (status, _) = try Self.run(shell, check + [file]) else { return }
        #expect(status == 0)
    }

    @Test(arguments: [
        (["lightbox", ""], "crop"),
        (["lightbox", "view", "--style", ""], "viewer screen"),
        (["lightbox", "crop", "--fail-on", "tr"], "truncated"),
        (["lightbox", "board", "--pla"], "--placeholder"),
        (["lightbox", "--generate-completion-script", "z"], "zsh"),
    ])
    func bashCompletesFromTheTables(words: [String], expected: String) throws {
        let file = try Self.scriptFile("bash")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program =
            "source \(file); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _lightbox; echo \"${COMPREPLY[*]}\""
        let (status, output) = try #require(try Self.run("bash", ["-c", program]))
        #expect(status == 0)
        #expect(output.contains(expected), "\(output)")
    }

    @Test func theManualListsEveryOptionAndRendersWithoutWarnings() throws {
        let page = try Self.generate(["--generate-manual"])
        #expect(page.hasPrefix(".TH LIGHTBOX 1"))
        for command in Lightbox.root.subcommands {
            #expect(page.contains(".SS lightbox \(command.name)"))
            for option in command.options {
                #expect(
                    page.contains("\\-\\-" + option.long.replacingOccurrences(of: "-", with: "\\-")), "--\(option.long)"
                )
            }
        }
        #expect(page.contains(".SH EXIT STATUS"))
        let file = NSTemporaryDirectory() + "lightbox-\(UUID().uuidString).1"
        try Data(page.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let (status, warnings) = try #require(try Self.run("bash", ["-c", "groff -man -Tutf8 -ww -z \(file) 2>&1"]))
        #expect(status == 0)
        #expect(warnings == "")
    }

    @Test(arguments: [
        ["--generate-completion-script"], ["--generate-completion-script", "ksh"], ["--generate-manual", "x"],
    ])
    func badRequestsAreUsageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try GeneratedText.text(for: arguments, root: Lightbox.root, version: "0") }
    }
}
