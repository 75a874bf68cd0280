import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The checked options of `lightbox crop`; every problem is a usage error naming the option.
struct CropOptions: Sendable {
    let source: CropSource
    let save: SaveOptions
    let minimumSide: CropRect.MinimumSide?
    let failOn: String
    let dryRun: Bool
    let json: Bool
    let quiet: Bool
    let batch: BatchOptions
    /// The most pixels an input may declare (0: no limit).
    let maxPixels: Int
    /// `--preview` template: the input with the crop overlay, one per crop.
    let preview: OutputTemplate?
    /// `--contact-sheet` path: every preview in one grid.
    let contactSheet: String?
    /// `--screen` / `--device`: the crop screen whose points the previews' strokes are in.
    let previewScreen: CropScreen
    /// Warnings found while checking (clipped rects), printed before any work.
    let warnings: [String]
    /// `--resize`, `--fit`, `--pad-colour`: what every crop is resampled to.
    let resize: CropResize?

    static let path = ["lightbox", "crop"]

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let reader = OptionReader(parsed, path: CropOptions.path)
        var warnings: [String] = []
        let output = try ReadWriteOptions.output(parsed.value("output"), reader: reader)
        source = try CropOptions.source(parsed, output: output?.path, reader: reader, warnings: &warnings)
        self.warnings = warnings
        if parsed.flag("keep-metadata") { try reader.refuse(["strip"], with: "--keep-metadata") }
        var save = SaveOptions(
            quality: try ReadWriteOptions.quality(reader), strip: !parsed.flag("keep-metadata"),
            stripICC: parsed.flag("strip") || parsed.flag("strip-icc"),
            force: parsed.flag("force") || parsed.flag("resume")
        )
        save.saverOptions = output?.options
        save.streamFormat = try ReadWriteOptions.streamFormat(output: output?.path, reader)
        self.save = save
        minimumSide = try CropOptions.minimumSide(parsed.value("min-side"))
        failOn = try ReadWriteOptions.failOn(reader)
        dryRun = parsed.flag("dry-run")
        json = parsed.flag("json")
        quiet = parsed.flag("quiet")
        batch = try BatchOptions(reader)
        maxPixels = try ReadWriteOptions.maxPixels(reader)
        resize = try ResizeOptions.read(reader)
        preview = try CropOptions.previewTemplate(parsed.value("preview"), source: source, reader: reader)
        contactSheet = parsed.value("contact-sheet")
        previewScreen = try DeviceOptions.cropScreen(parsed, path: CropOptions.path)
        if let sheet = contactSheet, OutputFormat(extension: URL(fileURLWithPath: sheet).pathExtension) == nil {
            throw reader.error("--contact-sheet '\(sheet)': unsupported format (use \(OutputFormat.extensions))")
        }
    }

    /// The save options of previews and contact sheets: the crops' without `-o`'s bracketed options.
    var companionSave: SaveOptions {
        var save = self.save
        save.saverOptions = nil
        return save
    }

    /// Which of the three sources the command line names, checked.
    private static func source(
        _ parsed: ParsedCommand, output: String?, reader: OptionReader, warnings: inout [String]
    ) throws(UsageError) -> CropSource {
        let strict = parsed.flag("strict")
        if let manifest = parsed.value("manifest") {
            try reader.refuse(["rect", "output", "yolo", "coco", "voc"], with: "--manifest")
            try reader.refusePositionals(with: "--manifest")
            return .manifest(
                path: manifest, outDir: try reader.required("out-dir", for: "--manifest"), strict: strict,
                pixels: try pixelUnits(reader))
        }
        if let dataset = try datasetSource(parsed, reader: reader, strict: strict) { return dataset }
        return try rectSource(parsed, output: output, reader: reader, strict: strict, warnings: &warnings)
    }

    /// `--yolo`, `--coco` or `--voc` with their options, or nil when none is given.
    private static func datasetSource(
        _ parsed: ParsedCommand, reader: OptionReader, strict: Bool
    ) throws(UsageError) -> CropSource? {
        let formats = ["yolo", "coco", "voc"].filter { parsed.has($0) }
        guard let format = formats.first else {
            try reader.refuse(
                ["pad", "square", "only", "images", "classes"],
                with: "rects on the command line (they need --yolo, --coco or --voc)")
            return nil
        }
        guard formats.count == 1 else { throw reader.error("--\(formats[0]) does not go with --\(formats[1])") }
        let path = parsed.value(format) ?? ""
        try reader.refuse(["rect", "output", "units"], with: "--\(format)")
        try reader.refusePositionals(with: "--\(format)")
        let outDir = try reader.required("out-dir", for: "--\(format)")
        let only = parsed.value("only").map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        if let only, only.contains("") {
            throw reader.error("--only '\(parsed.value("only") ?? "")': an empty class name")
        }
        let options = DatasetOptions(
            pad: try reader.number("pad", in: 0...10) ?? 0, square: parsed.flag("square"), strict: strict, only: only,
            writes: { OutputFormat(extension: $0) != nil })
        if format == "yolo" {
            return .yolo(
                YOLOReader(layout: try yoloLayout(path, parsed: parsed, reader: reader), options: options),
                outDir: outDir)
        }
        try reader.refuse(["classes"], with: "--\(format) (it names its classes)")
        let images = try reader.required("images", for: "--\(format)")
        if format == "coco" {
            return .coco(COCOReader(annotations: path, images: images, options: options), outDir: outDir)
        }
        return .voc(VOCReader(annotations: path, images: images, options: options), outDir: outDir)
    }

    /// `--yolo data.yaml` (which names images and classes), or label files with `--images`.
    private static func yoloLayout(
        _ path: String, parsed: ParsedCommand, reader: OptionReader
    ) throws(UsageError) -> YOLOReader.Layout {
        if ["yaml", "yml"].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
            try reader.refuse(["images", "classes"], with: "--yolo data.yaml (it names the images and classes)")
            return .dataset(path)
        }
        return .flat(
            labels: path, images: try reader.required("images", for: "--yolo"), classes: parsed.value("classes"))
    }

    /// `INPUT... --rect ... -o TEMPLATE`, with every rect checked and every output named apart.
    private static func rectSource(
        _ parsed: ParsedCommand, output: String?, reader: OptionReader, strict: Bool, warnings: inout [String]
    ) throws(UsageError) -> CropSource {
        guard !parsed.positionals.isEmpty else {
            throw reader.error("missing argument '<input>' (or use --manifest or --yolo)")
        }
        guard parsed.has("rect") else { throw reader.error("missing option '--rect <x,y,w,h>'") }
        guard let output else { throw reader.error("missing option '-o <output>'") }
        let pixels = try pixelUnits(reader)
        var rects: [CGRect] = []
        for (index, text) in parsed.values("rect").enumerated() {
            let label = "--rect \(index + 1) '\(text)'"
            let rect: CGRect
            switch RectParser.parse(text) {
            case .success(let value): rect = value
            case .failure(let error): throw reader.error("\(label): \(error.message)")
            }
            if pixels {
                guard rect.width > 0, rect.height > 0 else {
                    throw reader.error("\(label): a rect in pixels needs a width and height above 0")
                }
                rects.append(rect)
                continue
            }
            if PixelRects.looksLikePixels(rect) { throw reader.error(PixelRects.hint("--rect \(text)")) }
            do {
                let checked = try CropRect.check(rect, strict: strict)
                if checked.wasClipped {
                    warnings.append("\(label) is partly outside the image; clipped to \(describe(checked.rect))")
                }
                rects.append(checked.rect)
            } catch {
                throw reader.error("\(label): \(error.description)")
            }
        }
        let template = OutputTemplate(output)
        if let unknown = template.unknownPlaceholder {
            throw reader.error(
                "-o '\(output)': unknown placeholder \(unknown) (use \(OutputTemplate.placeholders.joined(separator: ", ")))"
            )
        }
        let inputs = try StandardInput.resolve(parsed.positionals, path: reader.path)
        try checkOutputs(template, inputs: inputs, count: rects.count, reader: reader)
        if pixels { return .pixelRects(inputs: inputs, rects: rects, template: template, strict: strict) }
        return .rects(inputs: inputs, rects: rects, template: template)
    }

    /// Every output needs a supported extension and a name of its own.
    private static func checkOutputs(
        _ template: OutputTemplate, inputs: [String], count: Int, reader: OptionReader
    ) throws(UsageError) {
        var seen: Set<String> = []
        for input in inputs {
            for number in 1...max(count, 1) {
                let output = template.path(input: input, number: number)
                let ext = URL(fileURLWithPath: output).pathExtension
                guard OutputFormat(extension: ext) != nil || output == OutputPath.standardOutput else {
                    throw reader.error(
                        "-o '\(template.text)': unsupported format '.\(ext)' (use \(OutputFormat.extensions))")
                }
                guard seen.insert(output).inserted else {
                    throw reader.error(
                        "-o '\(template.text)' gives several outputs the name '\(output)'; add {n} for rects or {stem} for inputs"
                    )
                }
            }
        }
    }

    /// The preview template: with several crops it needs `{n}`, and `{stem}` when there are several inputs.
    private static func previewTemplate(
        _ text: String?, source: CropSource, reader: OptionReader
    ) throws(UsageError) -> OutputTemplate? {
        guard let text else { return nil }
        let template = OutputTemplate(text)
        if let unknown = template.unknownPlaceholder {
            throw reader.error(
                "--preview '\(text)': unknown placeholder \(unknown) (use \(OutputTemplate.placeholders.joined(separator: ", ")))"
            )
        }
        guard OutputFormat(extension: URL(fileURLWithPath: text).pathExtension) != nil else {
            throw reader.error("--preview '\(text)': unsupported format (use \(OutputFormat.extensions))")
        }
        var (inputs, crops) = (2, 2)
        if case .rects(let names, let rects, _) = source { (inputs, crops) = (names.count, names.count * rects.count) }
        if case .pixelRects(let names, let rects, _, _) = source {
            (inputs, crops) = (names.count, names.count * rects.count)
        }
        if crops > 1 && !template.numbersRects || inputs > 1 && !template.namesInputs {
            throw reader.error(
                "--preview '\(text)' needs {n} (and {stem} for several inputs) so each crop gets its own preview")
        }
        return template
    }

    /// Whether `--units px` asks for rects in pixels of the displayed image.
    private static func pixelUnits(_ reader: OptionReader) throws(UsageError) -> Bool {
        try reader.choice("units", from: ["fraction", "px"]) == "px"
    }

    private static func minimumSide(_ text: String?) throws(UsageError) -> CropRect.MinimumSide? {
        guard let text else { return nil }
        if text.hasSuffix("px"), let pixels = Int(text.dropLast(2)), pixels >= 1 { return .pixels(pixels) }
        if let fraction = Double(text), fraction > 0, fraction <= 1 { return .fraction(fraction) }
        throw UsageError(
            "--min-side '\(text)': expected a fraction in (0, 1] or whole pixels such as 32px", commandPath: path)
    }

    /// `x,y,width,height` of a rect, for messages.
    static func describe(_ rect: CGRect) -> String {
        [rect.minX, rect.minY, rect.width, rect.height].map { JSONValue.number(Double($0)) }.joined(separator: ",")
    }
}
