import Foundation
import LightboxRender
import LightboxSystem

/// Line output on stdout and stderr, safe to call from several threads.
package final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// Silences warnings (errors are always printed).
    package var quiet = false

    /// Prints nothing at all (a library caller reads the results instead).
    package let silent: Bool
    /// Whether warnings are kept (`warnings`) instead of printed: one `lightbox batch` job's console.
    private let keeps: Bool
    /// The warnings kept, in order.
    private var kept: [String] = []

    /// Makes a console; a quiet one prints no warnings, a silent one nothing.
    package init(quiet: Bool = false, silent: Bool = false) {
        self.quiet = quiet
        self.silent = silent
        keeps = false
    }

    /// A console for one `lightbox batch` job: it prints nothing; its warnings (the job's own, and
    /// what its workers wrote on stderr) are kept for the job's answer, and its errors are left
    /// to the answer, which carries them.
    package init(keepingWarnings: Void) {
        quiet = false
        silent = true
        keeps = true
    }

    /// The warnings kept so far (a `keepingWarnings` console's).
    package var warnings: [String] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }

    /// Passes on what a worker wrote on stderr during a request: kept line by line as warnings
    /// (without their `warning: ` prefix) by a job's console, written on stderr otherwise. A debug
    /// build's own report lines (`lightbox-debug: ...`, for the tests) are the process's, not the
    /// job's, and go to stderr either way.
    package func passOn(_ text: String) {
        guard keeps else {
            if !silent { StandardError.write(text) }
            return
        }
        var lines: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix(Console.debugPrefix) {
                StandardError.write(line + "\n")
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(line.hasPrefix("warning: ") ? String(line.dropFirst("warning: ".count)) : String(line))
            }
        }
        lock.lock()
        kept += lines
        lock.unlock()
    }

    /// How a debug build's report lines start.
    static let debugPrefix = "lightbox-debug: "

    /// Writes one line on stdout; a stdout that cannot be written stops the run (`Interrupts.stdoutFailed`).
    package func out(_ line: String) {
        guard !silent else { return }
        lock.lock()
        let failure = StandardOutput.write(line.hasSuffix("\n") ? line : line + "\n")
        lock.unlock()
        if let failure { Interrupts.stdoutFailed(failure) }
    }

    /// Writes one `error:` line on stderr, shortened in the middle when it is very long.
    package func error(_ message: String) {
        write(
            "error: \(Console.printable(Console.shortened(StandardInput.shown(message))))"
        )
    }

    /// `text` with every control character (a line break, an escape sequence from an untrusted
    /// manifest or file name) written as `\u{1B}`, so a message stays one line and never drives the terminal.
    package static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return text.unicodeScalars.map {
            isControl($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0)
        }.joined()
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` cut to at most about 1,000 characters, keeping its start and its end.
    package static func shortened(_ text: String) -> String {
        guard text.count > 1_000 else { return text }
        return String(text.prefix(600)) + " … " + String(text.suffix(300))
    }

    /// Writes one `warning:` line on stderr unless quiet (a job's console keeps it instead).
    package func warning(_ message: String) {
        if keeps {
            lock.lock()
            kept.append(message)
            lock.unlock()
            return
        }
        guard !quiet else { return }
        write("warning: \(Console.printable(StandardInput.shown(message)))")
    }

    /// Writes raw text on stderr, such as a usage error block.
    package func raw(_ text: String) {
        write(text)
    }

    /// Writes `line` on stderr (never waiting once `StandardError.neverWait` is set).
    private func write(_ line: String) {
        guard !silent else { return }
        lock.lock()
        defer { lock.unlock() }
        StandardError.write(line.hasSuffix("\n") ? line : line + "\n")
    }
}
