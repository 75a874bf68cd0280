import LightboxRender

/// The options every command shares for reading inputs and writing outputs, declared and read once.
enum ReadWriteOptions {
    /// The `fail_on` levels libvips accepts.
    static let failLevels = ["none", "truncated", "error", "warning"]

    /// `--quality`, `--fail-on` and `--max-pixels`, as data for each command's spec.
    static let specs: [OptionSpec] = [
        .value(
            "quality", valueName: "q",
            help: "Quality 1-100 for JPEG, WebP, TIFF, AVIF and HEIC (default 75; AVIF, HEIC 50)."),
        .value(
            "fail-on", valueName: "level", help: "Refuse damaged inputs at: none, truncated (default), error, warning.",
            choices: failLevels),
        .value("max-pixels", valueName: "n", help: "Refuse inputs declaring more pixels (default 250000000; 0: none)."),
        .value(
            "format", valueName: "ext", help: "With -o - (standard output): the format to write.",
            choices: streamFormats),
    ]

    /// The formats `--format` names.
    static let streamFormats = ["jpg", "png", "webp", "tif", "gif", "avif", "heic"]

    /// `--format EXT`, which `-o -` needs and nothing else takes; nil when the output is a file.
    static func streamFormat(output: String?, _ reader: OptionReader) throws(UsageError) -> OutputFormat? {
        let text = try reader.choice("format", from: streamFormats)
        guard output == OutputPath.standardOutput else {
            if text != nil {
                throw reader.error("--format goes with -o - (standard output); a file's extension names its format")
            }
            return nil
        }
        guard let text, let format = OutputFormat(extension: text) else {
            throw reader.error(
                "-o - writes to standard output and needs --format (\(streamFormats.joined(separator: ", ")))")
        }
        let printing = ["json", "dry-run"].filter { reader.parsed.command.option(long: $0) != nil }
        try reader.refuse(printing, with: "-o - (the image goes to standard output)")
        return format
    }

    /// `--quality q`, 1 to 100, or nil for libvips' default.
    static func quality(_ reader: OptionReader) throws(UsageError) -> Int? {
        try reader.integer("quality", in: 1...100)
    }

    /// `--fail-on level`, by default `truncated`.
    static func failOn(_ reader: OptionReader) throws(UsageError) -> String {
        try reader.choice("fail-on", from: failLevels) ?? "truncated"
    }

    /// `-o NAME[options]`: the path, and save options checked against the format's saver.
    static func output(_ text: String?, reader: OptionReader) throws(UsageError) -> OutputName? {
        guard let text else { return nil }
        let name = OutputName(text)
        if let problem = name.problem() { throw reader.error("-o '\(text)': \(problem)") }
        return name
    }

    /// `--max-pixels n`, by default 250 megapixels; 0 means no limit.
    static func maxPixels(_ reader: OptionReader) throws(UsageError) -> Int {
        try reader.integer("max-pixels", in: 0...Int(Int32.max) * 1000) ?? SourceImage.defaultMaxPixels
    }
}
