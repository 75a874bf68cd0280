import LightboxArguments
import LightboxRender

/// What every command shares about its output and what it prints: `-o`, `--force`, `--dry-run`,
/// `--json` and `--quiet`, declared once; each command gives the help line that fits it.
package enum OutputOptions {
    /// `-o, --output <output>`.
    package static let output = Option<String>("output", short: "o", valueName: "output", help: "The output to write.")
    /// `--force`.
    package static let force = Flag("force", help: "Replace existing outputs (never an input).")
    /// `--dry-run`.
    package static let dryRun = Flag("dry-run", help: "Write nothing; print one JSON line per output.")
    /// `--json`.
    package static let json = Flag("json", help: "Print one JSON line per item after doing it.")
    /// `-q, --quiet`.
    package static let quiet = Flag("quiet", short: "q", help: "Print no warnings, progress or summary.")
    /// `--manifest file`: a batch read from a file.
    package static let manifest = Option<String>("manifest", valueName: "file", help: "The manifest to read.")
    /// `--out-dir dir`: where a batch's outputs go.
    package static let outDir = Option<String>(
        "out-dir", valueName: "dir", help: "With --manifest: where outputs go (made if missing).")
    /// `--keep-metadata`.
    package static let keepMetadata = Flag(
        "keep-metadata", help: "Keep the input's EXIF, XMP and IPTC (dropped by default; orientation set to 1).")
    /// `--strip`.
    package static let strip = Flag("strip", help: "Write no metadata at all, not even the ICC colour profile.")
    /// `--strip-icc`.
    package static let stripICC = Flag("strip-icc", help: "Drop the ICC colour profile.")

    /// `--out-dir`, when given: a folder more than `OutputDepth.maximum` deep is a usage error.
    package static func outDir(_ parsed: ParsedCommand) throws(UsageError) -> String? {
        guard let outDir = parsed.text(Self.outDir) else { return nil }
        if let deep = OutputDepth.problem(outDir, isFolder: true) {
            throw parsed.error("--out-dir '\(OutputDepth.shown(outDir))': \(deep)")
        }
        return outDir
    }
}
