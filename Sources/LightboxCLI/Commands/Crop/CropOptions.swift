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

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        var warnings: [String] = []
        let output = try ReadWriteOptions.output(parsed)
        source = try CropOptions.source(parsed, output: output?.path, warnings: &warnings)
        self.warnings = warnings
        let keep = parsed.flag(OutputOptions.keepMetadata)
        if keep { try parsed.refuse([OutputOptions.strip], with: "--keep-metadata") }
        let readWrite = try ReadWriteOptions(parsed)
        var save = readWrite.save(
            output, stream: try ReadWriteOptions.streamFormat(output: output?.path, parsed), strip: !keep,
            stripICC: parsed.flag(OutputOptions.strip) || parsed.flag(OutputOptions.stripICC),
            force: parsed.flag(OutputOptions.force) || parsed.flag(BatchOptions.resume))
        if let colour = try parsed.value(CropOptions.background) {
            (save.background, save.flattensAlpha) = (colour.bytes(over: 255), true)
        }
        self.save = save
        minimumSide = try parsed.value(CropOptions.minSide)
        failOn = readWrite.failOn
        dryRun = parsed.flag(OutputOptions.dryRun)
        json = parsed.flag(OutputOptions.json)
        quiet = parsed.flag(OutputOptions.quiet)
        batch = try BatchOptions(parsed)
        maxPixels = readWrite.maxPixels
        resize = try ResizeOptions.read(parsed)
        preview = try CropOptions.previewTemplate(parsed.text(CropOptions.preview), source: source, parsed)
        contactSheet = parsed.text(CropOptions.contactSheet)
        previewScreen = try DeviceOptions.cropScreen(parsed)
        if let sheet = contactSheet, let problem = OutputFormat.problem(with: sheet) {
            throw parsed.error("--contact-sheet '\(sheet)': \(problem)")
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
        _ parsed: ParsedCommand, output: String?, warnings: inout [String]
    ) throws(UsageError) -> CropSource {
        let strict = parsed.flag(CropOptions.strict)
        if let manifest = parsed.text(OutputOptions.manifest) {
            try parsed.refuse([rect, OutputOptions.output, yolo, coco, voc], with: "--manifest")
            try parsed.refusePositionals(with: "--manifest")
            return .manifest(
                path: manifest, outDir: try parsed.required(OutputOptions.outDir, for: "--manifest"), strict: strict,
                pixels: try parsed.value(units) == .px)
        }
        if let dataset = try datasetSource(parsed, strict: strict) { return dataset }
        return try rectSource(parsed, output: output, strict: strict, warnings: &warnings)
    }

    /// `--yolo`, `--coco` or `--voc` with their options, or nil when none is given.
    private static func datasetSource(_ parsed: ParsedCommand, strict: Bool) throws(UsageError) -> CropSource? {
        let formats = datasets.filter { parsed.has($0.option) }
        guard let (format, option) = formats.first else {
            try parsed.refuse(
                [pad, square, only, images, classes, splits, datasetsDir],
                with: "rects on the command line (they need --yolo, --coco or --voc)")
            return nil
        }
        guard formats.count == 1 else { throw parsed.error("--\(format) does not go with --\(formats[1].name)") }
        let path = parsed.text(option) ?? ""
        try parsed.refuse([rect, OutputOptions.output, units], with: "--\(format)")
        try parsed.refusePositionals(with: "--\(format)")
        let outDir = try parsed.required(OutputOptions.outDir, for: "--\(format)")
        let only = parsed.text(only).map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        if let only, only.contains("") {
            throw parsed.error("--only '\(parsed.text(CropOptions.only) ?? "")': an empty class name")
        }
        let options = DatasetOptions(
            pad: try parsed.value(pad, default: 0), square: parsed.flag(square), strict: strict, only: only,
            writes: { OutputFormat(extension: $0) != nil })
        if format == "yolo" {
            let layout = try yoloLayout(path, parsed)
            let reader = YOLOReader(
                layout: layout, options: options, splits: try splitList(parsed),
                datasetsDir: parsed.text(datasetsDir))
            return .yolo(reader, outDir: outDir)
        }
        try parsed.refuse([splits, datasetsDir], with: "--\(format)")
        try parsed.refuse([classes], with: "--\(format) (it names its classes)")
        let images = try parsed.required(images, for: "--\(format)")
        if format == "coco" {
            return .coco(COCOReader(annotations: path, images: images, options: options), outDir: outDir)
        }
        return .voc(VOCReader(annotations: path, images: images, options: options), outDir: outDir)
    }

    /// `--splits train,val`: split names of a data.yaml, each one of train, val and test.
    private static func splitList(_ parsed: ParsedCommand) throws(UsageError) -> [String]? {
        guard let text = parsed.text(splits) else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let bad = names.first(where: { !YOLODataset.splits.contains($0) }) {
            throw parsed.error("--splits '\(text)': '\(bad)' is not a split (use train, val, test)")
        }
        return names
    }

    /// `--yolo data.yaml` (which names images and classes), or label files with `--images`.
    private static func yoloLayout(_ path: String, _ parsed: ParsedCommand) throws(UsageError) -> YOLOReader.Layout {
        if ["yaml", "yml"].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
            try parsed.refuse([images, classes], with: "--yolo data.yaml (it names the images and classes)")
            return .dataset(path)
        }
        try parsed.refuse([splits, datasetsDir], with: "--yolo LABELS (they go with --yolo data.yaml)")
        return .flat(
            labels: path, images: try parsed.required(images, for: "--yolo"), classes: parsed.text(classes))
    }

    /// `INPUT... --rect ... -o TEMPLATE`, with every rect checked and every output named apart.
    private static func rectSource(
        _ parsed: ParsedCommand, output: String?, strict: Bool, warnings: inout [String]
    ) throws(UsageError) -> CropSource {
        guard !parsed.positionals.isEmpty else {
            throw parsed.error("missing argument '<input>' (or use --manifest or --yolo)")
        }
        guard parsed.has(rect) else { throw parsed.error("missing option '--rect <x,y,w,h>'") }
        guard let output else { throw parsed.error("missing option '-o <output>'") }
        let pixels = try parsed.value(units) == .px
        let texts = parsed.texts(rect.spec) ?? []
        var rects: [CGRect] = []
        for (index, (text, rect)) in zip(texts, try parsed.values(rect)).enumerated() {
            let label = "--rect \(index + 1) '\(text)'"
            if pixels {
                guard rect.width > 0, rect.height > 0 else {
                    throw parsed.error("\(label): a rect in pixels needs a width and height above 0")
                }
                rects.append(rect)
                continue
            }
            if PixelRects.looksLikePixels(rect) { throw parsed.error(PixelRects.hint("--rect \(text)")) }
            do {
                let checked = try CropRect.check(rect, strict: strict)
                if checked.wasClipped {
                    warnings.append("\(label) is partly outside the image; clipped to \(describe(checked.rect))")
                }
                rects.append(checked.rect)
            } catch {
                throw parsed.error("\(label): \(error.description)")
            }
        }
        let template = OutputTemplate(output)
        if let unknown = template.unknownPlaceholder {
            throw parsed.error(
                "-o '\(output)': unknown placeholder \(unknown) (use \(OutputTemplate.placeholders.joined(separator: ", ")))"
            )
        }
        let inputs = try StandardInput.resolve(parsed.positionals, path: parsed.path)
        try checkOutputs(template, inputs: inputs, count: rects.count, parsed)
        if pixels { return .pixelRects(inputs: inputs, rects: rects, template: template, strict: strict) }
        return .rects(inputs: inputs, rects: rects, template: template)
    }

    /// Every output needs a supported extension and a name of its own.
    private static func checkOutputs(
        _ template: OutputTemplate, inputs: [String], count: Int, _ parsed: ParsedCommand
    ) throws(UsageError) {
        var seen: Set<String> = []
        for input in inputs {
            for number in 1...max(count, 1) {
                let output = template.path(input: input, number: number)
                if output != OutputPath.standardOutput, let problem = OutputFormat.problem(with: output) {
                    throw parsed.error("-o '\(template.text)': \(problem)")
                }
                guard seen.insert(output).inserted else {
                    throw parsed.error(
                        "-o '\(template.text)' gives several outputs the name '\(output)'; add {n} for rects or {stem} for inputs"
                    )
                }
            }
        }
    }

    /// The preview template: with several crops it needs `{n}`, and `{stem}` when there are several inputs.
    private static func previewTemplate(
        _ text: String?, source: CropSource, _ parsed: ParsedCommand
    ) throws(UsageError) -> OutputTemplate? {
        guard let text else { return nil }
        let template = OutputTemplate(text)
        if let unknown = template.unknownPlaceholder {
            throw parsed.error(
                "--preview '\(text)': unknown placeholder \(unknown) (use \(OutputTemplate.placeholders.joined(separator: ", ")))"
            )
        }
        if let problem = OutputFormat.problem(with: text) { throw parsed.error("--preview '\(text)': \(problem)") }
        var (inputs, crops) = (2, 2)
        if case .rects(let names, let rects, _) = source { (inputs, crops) = (names.count, names.count * rects.count) }
        if case .pixelRects(let names, let rects, _, _) = source {
            (inputs, crops) = (names.count, names.count * rects.count)
        }
        if crops > 1 && !template.numbersRects || inputs > 1 && !template.namesInputs {
            throw parsed.error(
                "--preview '\(text)' needs {n} (and {stem} for several inputs) so each crop gets its own preview")
        }
        return template
    }

    /// `x,y,width,height` of a rect, for messages.
    static func describe(_ rect: CGRect) -> String {
        NumberText.rect(rect)
    }
}
