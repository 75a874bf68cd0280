import LightboxRender

/// The options every command shares for reading inputs and writing outputs, declared and read once.
enum ReadWriteOptions {
    /// The `fail_on` levels libvips accepts.
    static let failLevels = ["none", "truncated", "error", "warning"]

    /// `--quality`, `--fail-on` and `--max-pixels`, as data for each command's spec.
    static let specs: [OptionSpec] = [
        .value("quality", valueName: "q", help: "Quality 1-100 for JPEG, WebP, TIFF, AVIF and HEIC (default 75; AVIF, HEIC 50)."),
        .value("fail-on", valueName: "level", help: "Refuse damaged inputs at: none, truncated (default), error, warning.", choices: failLevels),
        .value("max-pixels", valueName: "n", help: "Refuse inputs declaring more pixels (default 250000000; 0: none)."),
    ]

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
