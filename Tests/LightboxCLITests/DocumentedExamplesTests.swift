import Foundation
import LightboxArguments
import Testing

@testable import LightboxCLI

/// Every `lightbox` command in a shell block of the README and docs/ parses and passes its command's checks.
@Suite struct DocumentedExamplesTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `lightbox ...` commands of ```sh blocks in `file`, continuations joined, pipes and redirections cut.
    static func examples(in file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var commands: [String] = []
        var inShell = false
        var pending = ""
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            pending += (pending.isEmpty ? "" : " ") + trimmed
            if trimmed.hasSuffix("\\") {
                pending.removeLast()
                continue
            }
            if let start = pending.range(of: "lightbox ")?.lowerBound, pending[start...].hasPrefix("lightbox ") {
                var command = String(pending[start...])
                for cut in [" |", " >", " &&", " #", " :::"] {
                    if let range = command.range(of: cut) { command = String(command[..<range.lowerBound]) }
                }
                commands.append(command)
            }
            pending = ""
        }
        return commands
    }

    /// Splits a command line as a shell would for these examples: words, with '...' and "..." quoting.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }

    /// Every documented example, with the file it is in.
    static let all: [(String, String)] = {
        let files =
            [root.appendingPathComponent("README.md")]
            + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { root.appendingPathComponent("docs/" + $0) }
        return files.flatMap { file in ((try? examples(in: file)) ?? []).map { (file.lastPathComponent, $0) } }
    }()

    @Test func theREADMEHasExamplesForEveryCommand() {
        let readme = Self.all.filter { $0.0 == "README.md" }.map(\.1)
        for command in ["crop", "view", "board", "batch"] {
            #expect(readme.contains { $0.hasPrefix("lightbox \(command) ") }, "\(command)")
        }
    }

    @Test(arguments: all)
    func documentedExampleIsAccepted(file: String, command: String) throws {
        let arguments = Array(Self.words(Self.expanded(command)).dropFirst())
        if arguments.first?.hasPrefix("--generate") == true {
            #expect(try GeneratedText.text(for: arguments, root: Lightbox.root, version: "0") != nil)
            return
        }
        let outcome = try ArgumentParser.parse(arguments, root: Lightbox.root)
        guard case .run(let parsed, _) = outcome else { return }
        let type = try #require(Lightbox.commands.first { $0.spec.name == parsed.command.name })
        do {
            _ = try type.init(parsed)
        } catch {
            // A file the example names is read at start-up; only a missing file may stop it here.
            #expect(error.message.contains("cannot read"), "\(file): \(command): \(error.message)")
        }
    }

    /// The command as a shell would run it here: globs and variables replaced by sample values.
    static func expanded(_ command: String) -> String {
        command
            .replacingOccurrences(of: "*.jpg", with: "lisbon.jpg oslo.jpg kyoto.jpg")
            .replacingOccurrences(of: #"\$\(\([^)]*\)\)"#, with: "1", options: .regularExpression)
            .replacingOccurrences(of: #"\$\{[A-Z_]+\}"#, with: "2", options: .regularExpression)
            .replacingOccurrences(of: "{}/4", with: "1/4")
    }
}
