import Foundation
import LightboxGeometry
import LightboxRender

/// The checked options of `lightbox crop`; every problem is a usage error naming the option.
struct CropOptions {
    let inputs: [String]
    let rects: [CGRect]
    let template: OutputTemplate
    let save: SaveOptions
    let minimumSide: CropRect.MinimumSide?
    let failOn: String
    let dryRun: Bool
    let json: Bool
    let quiet: Bool
    /// Warnings found while checking (clipped rects), printed before any work.
    let warnings: [String]

    /// The `fail_on` levels libvips accepts.
    static let failLevels = ["none", "truncated", "error", "warning"]

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let path = ["lightbox", "crop"]
        inputs = parsed.positionals
        var rects: [CGRect] = []
        var warnings: [String] = []
        for (index, text) in parsed.values("rect").enumerated() {
            let label = "--rect \(index + 1) '\(text)'"
            let rect: CGRect
            switch RectParser.parse(text) {
            case .success(let value): rect = value
            case .failure(let error): throw UsageError("\(label): \(error.message)", commandPath: path)
            }
            do {
                let checked = try CropRect.check(rect, strict: parsed.flag("strict"))
                if checked.wasClipped { warnings.append("\(label) is partly outside the image; clipped to \(CropOptions.describe(checked.rect))") }
                rects.append(checked.rect)
            } catch {
                throw UsageError("\(label): \(error.description)", commandPath: path)
            }
        }
        self.rects = rects
        self.warnings = warnings
        template = OutputTemplate(parsed.value("output") ?? "")
        save = SaveOptions(
            quality: try CropOptions.quality(parsed.value("quality"), path: path),
            strip: parsed.flag("strip"), stripICC: parsed.flag("strip-icc"), force: parsed.flag("force")
        )
        minimumSide = try CropOptions.minimumSide(parsed.value("min-side"), path: path)
        failOn = parsed.value("fail-on") ?? "truncated"
        guard CropOptions.failLevels.contains(failOn) else {
            throw UsageError("--fail-on '\(failOn)': use one of \(CropOptions.failLevels.joined(separator: ", "))", commandPath: path)
        }
        dryRun = parsed.flag("dry-run")
        json = parsed.flag("json")
        quiet = parsed.flag("quiet")
        try checkOutputs(path: path)
    }

    /// Every output needs a supported extension and a name of its own.
    private func checkOutputs(path: [String]) throws(UsageError) {
        var seen: Set<String> = []
        for input in inputs {
            for number in 1...max(rects.count, 1) {
                let output = template.path(input: input, number: number)
                let ext = URL(fileURLWithPath: output).pathExtension
                guard OutputFormat(extension: ext) != nil else {
                    throw UsageError("-o '\(template.text)': unsupported format '.\(ext)' (use \(OutputFormat.extensions))", commandPath: path)
                }
                guard seen.insert(output).inserted else {
                    throw UsageError("-o '\(template.text)' gives several outputs the name '\(output)'; add {n} for rects or {stem} for inputs", commandPath: path)
                }
            }
        }
    }

    private static func quality(_ text: String?, path: [String]) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), (1...100).contains(value) else {
            throw UsageError("--quality '\(text)': expected a whole number from 1 to 100", commandPath: path)
        }
        return value
    }

    private static func minimumSide(_ text: String?, path: [String]) throws(UsageError) -> CropRect.MinimumSide? {
        guard let text else { return nil }
        if text.hasSuffix("px"), let pixels = Int(text.dropLast(2)), pixels >= 1 {
            return .pixels(pixels)
        }
        if let fraction = Double(text), fraction > 0, fraction <= 1 {
            return .fraction(fraction)
        }
        throw UsageError("--min-side '\(text)': expected a fraction in (0, 1] or whole pixels such as 32px", commandPath: path)
    }

    /// `x,y,width,height` of a rect, for messages.
    static func describe(_ rect: CGRect) -> String {
        [rect.minX, rect.minY, rect.width, rect.height].map { JSONValue.number(Double($0)) }.joined(separator: ",")
    }
}
