import LightboxArguments
import LightboxRender
import Vips

/// The options every command shares for reading inputs and writing outputs, declared and read once:
/// `--quality`, `--fail-on`, `--max-pixels` and `--format`.
package struct ReadWriteOptions: Sendable {
    /// `--quality q`.
    package static let quality = Option<Int>(
        "quality", valueName: "q",
        help: "Quality 1-100 for JPEG, WebP, TIFF, AVIF and HEIC (default 75; AVIF, HEIC 50).",
        in: 1...100)
    /// `--fail-on level`.
    package static let failOn = Option<FailOn>(
        "fail-on", valueName: "level",
        help:
            "Refuse damaged inputs at: \(FailOn.choices.joined(separator: ", ")) (default \(FailOn.standard.rawValue)); an output written despite a decoder's warnings says them."
    )
    /// `--max-pixels n`.
    package static let maxPixels = Option<Int>(
        "max-pixels", valueName: "n",
        help: "Refuse inputs declaring more pixels (default \(SourceImage.defaultMaxPixels); 0: none).",
        in: 0...Int(Int32.max) * 1000)
    /// `--format ext`.
    package static let format = Option<OutputFormat>(
        "format", valueName: "ext",
        help: "The format of -o - (standard output) and of every output without an extension of its own ({ext} too).")

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [quality, failOn, maxPixels, format]

    /// The quality asked for, or nil for libvips' default.
    package let quality: Int?
    /// The `fail_on` level (`FailOn.standard` unless given).
    package let failOn: FailOn
    /// The most pixels an input may declare; 0 means no limit.
    package let maxPixels: Int

    /// Reads the group; a bad value is a usage error naming its option.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        quality = try parsed.value(Self.quality)
        failOn = try parsed.value(Self.failOn, default: .standard)
        maxPixels = try parsed.value(Self.maxPixels, default: SourceImage.defaultMaxPixels)
    }

    /// `--format EXT`: the format of `-o -` (which needs it) and of every output without an
    /// extension of its own (a name without one, or `{ext}` in a template). `output` is the
    /// command line's `-o` (nil or empty when the outputs are named elsewhere: a manifest's lines,
    /// a dataset's boxes); one that names its own format leaves `--format` nothing to set, so
    /// both together are refused.
    package static func streamFormat(output: String?, _ parsed: ParsedCommand) throws(UsageError) -> OutputFormat? {
        guard output != OutputPath.standardOutput else { return try standardOutputFormat(parsed) }
        let format = try parsed.value(Self.format)
        guard let output, !output.isEmpty else { return format }
        if format != nil && OutputTemplate(output).namesItsFormat {
            throw parsed.error(
                "--format goes with -o - and with outputs without an extension of their own; -o '\(output)' names its format"
            )
        }
        return format
    }

    /// `--format EXT` for `-o -`: required, and beside neither `--json` nor `--dry-run`, which print
    /// on stdout too, nor `--out-dir`, which no file is written in.
    private static func standardOutputFormat(_ parsed: ParsedCommand) throws(UsageError) -> OutputFormat {
        let format = try parsed.value(Self.format)
        guard let format else {
            throw parsed.error(
                "-o - writes to standard output and needs --format (\(OutputFormat.choices.joined(separator: ", ")))")
        }
        try parsed.refuse(
            [OutputOptions.json, OutputOptions.dryRun, OutputOptions.outDir],
            with: "-o - (the image goes to standard output)")
        return format
    }

    /// `-o NAME[options]`: the path, and save options checked against the format's declared ones
    /// (for a name without an extension, `--format`'s); a `profile=FILE` is read only from a
    /// command line, never from a file's line.
    package static func output(_ parsed: ParsedCommand) throws(UsageError) -> OutputName? {
        guard let text = parsed.text(OutputOptions.output) else { return nil }
        let format = try parsed.value(Self.format)
        let name = parsed.isFromFile ? parsed.name(of: OutputOptions.output.spec) : "-o"
        if let problem = OutputDepth.problem(OutputName(text).path) {
            throw parsed.error("\(name) '\(OutputDepth.shown(text))': \(problem)")
        }
        do throws(SaverOptionError) {
            return try OutputName(text).checked(as: format, profiles: parsed.isFromFile ? .refused : .read)
        } catch {
            throw parsed.error("\(name) '\(OutputDepth.shown(text))': \(error)")
        }
    }

    /// Save options from the group and `-o`'s bracketed options: metadata stripped unless `strip` says otherwise.
    package func save(
        _ name: OutputName?, stream: OutputFormat?, strip: Bool = true, stripICC: Bool = true, force: Bool
    ) -> SaveOptions {
        var save = SaveOptions(quality: quality, strip: strip, stripICC: stripICC, force: force)
        save.saverSettings = name?.settings ?? SaverSettings()
        save.streamFormat = stream
        return save
    }
}
