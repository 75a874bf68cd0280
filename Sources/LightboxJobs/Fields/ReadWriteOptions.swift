import LightboxArguments
import LightboxRender

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
        help: "Refuse damaged inputs at: \(FailOn.choices.joined(separator: ", ")) (default truncated).")
    /// `--max-pixels n`.
    package static let maxPixels = Option<Int>(
        "max-pixels", valueName: "n",
        help: "Refuse inputs declaring more pixels (default \(SourceImage.defaultMaxPixels); 0: none).",
        in: 0...Int(Int32.max) * 1000)
    /// `--format ext`.
    package static let format = Option<OutputFormat>(
        "format", valueName: "ext", help: "With -o - (standard output): the format to write.")

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [quality, failOn, maxPixels, format]

    /// The quality asked for, or nil for libvips' default.
    package let quality: Int?
    /// The `fail_on` level, by default `truncated`.
    package let failOn: String
    /// The most pixels an input may declare; 0 means no limit.
    package let maxPixels: Int

    /// Reads the group; a bad value is a usage error naming its option.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        quality = try parsed.value(Self.quality)
        failOn = try parsed.value(Self.failOn, default: .truncated).rawValue
        maxPixels = try parsed.value(Self.maxPixels, default: SourceImage.defaultMaxPixels)
    }

    /// `--format EXT`, which `-o -` needs and nothing else takes; nil when the output is a file.
    package static func streamFormat(output: String?, _ parsed: ParsedCommand) throws(UsageError) -> OutputFormat? {
        let format = try parsed.value(Self.format)
        guard output == OutputPath.standardOutput else {
            if format != nil {
                throw parsed.error("--format goes with -o - (standard output); a file's extension names its format")
            }
            return nil
        }
        guard let format else {
            throw parsed.error(
                "-o - writes to standard output and needs --format (\(OutputFormat.choices.joined(separator: ", ")))")
        }
        try parsed.refuse(
            [OutputOptions.json, OutputOptions.dryRun], with: "-o - (the image goes to standard output)")
        return format
    }

    /// `-o NAME[options]`: the path, and save options checked against the format's saver.
    package static func output(_ parsed: ParsedCommand) throws(UsageError) -> OutputName? {
        guard let text = parsed.text(OutputOptions.output) else { return nil }
        let name = OutputName(text)
        if let problem = name.problem() { throw parsed.error("-o '\(text)': \(problem)") }
        return name
    }

    /// Save options from the group and `-o`'s bracketed options: metadata stripped unless `strip` says otherwise.
    package func save(
        _ name: OutputName?, stream: OutputFormat?, strip: Bool = true, stripICC: Bool = true, force: Bool
    ) -> SaveOptions {
        var save = SaveOptions(quality: quality, strip: strip, stripICC: stripICC, force: force)
        save.saverOptions = name?.options
        save.streamFormat = stream
        return save
    }
}
