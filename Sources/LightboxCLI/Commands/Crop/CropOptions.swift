import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// The checked options of `lightbox crop`; every problem is a usage error naming the option.
struct CropOptions: Sendable {
    let source: CropSource
    /// Builds the crop jobs: settings, output placement, units, previews.
    let planner: CropPlanner
    /// How the run goes: jobs, journal, resume, shard, what is printed.
    let run: RunOptions
    /// Warnings found while checking (clipped rects), printed before any work.
    let warnings: [String]

    /// Reads `parsed`, throwing a usage error for the first bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let door = CropDoors.door(of: parsed)
        try CropDoors.table.check(parsed, door: door)
        let output = try ReadWriteOptions.output(parsed)
        let readWrite = try ReadWriteOptions(parsed)
        let keep = parsed.flag(OutputOptions.keepMetadata)
        if keep { try parsed.refuse([OutputOptions.strip], with: "--keep-metadata") }
        let batch = try BatchOptions(parsed)
        let format = try ReadWriteOptions.streamFormat(output: output?.path, parsed)
        var save = readWrite.save(
            nil, stream: format, strip: !keep,
            stripICC: parsed.flag(OutputOptions.strip) || parsed.flag(OutputOptions.stripICC),
            force: parsed.flag(OutputOptions.force) || batch.resume)
        save.saverSettings = SaverSettings()
        if let colour = try parsed.value(CropOptions.background) {
            (save.background, save.flattensAlpha) = (colour.bytes(over: 255), true)
        }
        var settings = CropSettings(save: save, failOn: readWrite.failOn, maxPixels: readWrite.maxPixels)
        settings.minimumSide = try parsed.value(CropOptions.minSide)
        settings.resize = try ResizeOptions.read(parsed)
        settings.cut = try CropCutOptions.cut(parsed, background: save.background)
        settings.strict = parsed.flag(CropOptions.strict)
        settings.dryRun = parsed.flag(OutputOptions.dryRun)
        let preview = try CropOptions.previewTemplate(parsed, format: format)
        let sheet = parsed.text(CropOptions.contactSheet)
        if let sheet, let reason = OutputRule.problem(OutputName(sheet), format: format) {
            throw parsed.error("--contact-sheet '\(OutputDepth.shown(sheet))': \(reason)")
        }
        let screen = try DeviceOptions.cropScreen(parsed)
        if preview != nil || sheet != nil { settings.previewScreen = screen }
        settings.contactSheet = sheet != nil
        settings.labelsByClass = CropDatasets.isDataset(parsed)
        let outDir = try OutputOptions.outDir(parsed)
        var planner = CropPlanner(
            settings: settings, placement: OutputPlacement(outDir: outDir, format: format),
            units: try parsed.value(CropOptions.units) ?? .fraction,
            preview: preview, angle: try parsed.value(CropCutOptions.angle))
        planner.square = parsed.flag(CropOptions.square)
        self.planner = planner
        var warnings: [String] = []
        source = try CropOptions.source(parsed, door: door, output: output, planner: planner, warnings: &warnings)
        if let resize = settings.resize { try CropOptions.checkResize(resize, source: source, save: save, parsed) }
        self.warnings = warnings
        if !source.isBatch, let preview, CropOptions.needsNumbers(preview, source: source) {
            throw parsed.error(
                "--preview '\(preview.text)' needs {n} (and {stem} for several inputs) so each crop gets its own preview"
            )
        }
        var run = RunOptions(
            command: .crop, jobs: batch.jobs, workers: try WorkerOptions(parsed), roots: try RootOptions.read(parsed))
        run.report = batch.report
        run.resume = batch.resume
        run.force = parsed.flag(OutputOptions.force)
        run.shard = batch.shard
        run.maxFailures = batch.maxFailures
        run.dryRun = settings.dryRun
        run.quiet = parsed.flag(OutputOptions.quiet)
        run.stdout = settings.dryRun ? .plan : parsed.flag(OutputOptions.json) ? .json : .none
        run.printsSummary = source.isBatch
        run.outDir = outDir
        run.contactSheet = sheet.map { ($0, save) }
        if case .rects(let crops) = source {
            run.showProgress = Set(crops.map(\.input)).count > 1
        } else {
            run.showProgress = true
        }
        self.run = run
    }

    /// `--resize` gives every crop its size before any work, so a size over `OutputLimit` is a
    /// usage error naming the first output it cannot be written to; a manifest's or dataset's
    /// outputs are not known yet, so there only the limit of every format is checked now
    /// (a smaller format's, such as WebP's, fails the crops named so when they are written).
    private static func checkResize(
        _ resize: CropResize, source: CropSource, save: SaveOptions, _ parsed: ParsedCommand
    ) throws(UsageError) {
        let (width, height) = (Double(resize.width), Double(resize.height))
        guard case .rects(let crops) = source else {
            if let problem = OutputLimit.problem(output: "--resize", width: width, height: height, format: nil) {
                throw parsed.error(problem)
            }
            return
        }
        for output in crops.map(\.item.output) {
            let format = save.format(of: output)
            if let problem = OutputLimit.problem(output: output, width: width, height: height, format: format) {
                throw parsed.error(problem)
            }
        }
    }

    /// The source of `door` (`CropDoors`), checked.
    private static func source(
        _ parsed: ParsedCommand, door: String, output: OutputName?, planner: CropPlanner, warnings: inout [String]
    ) throws(UsageError) -> CropSource {
        switch door {
        case "rects": return try CropCommandLine(parsed, output: output, planner: planner, warnings: &warnings).source
        case "manifest":
            try parsed.refusePositionals(with: "--manifest")
            _ = try parsed.required(OutputOptions.outDir, for: "--manifest")
            return .manifest(path: parsed.text(OutputOptions.manifest) ?? "")
        default:
            let cut = planner.settings.cut
            return try CropDatasets.source(
                parsed, door: door, shapes: cut.oriented == .upright || cut.mask,
                format: planner.settings.save.streamFormat)
        }
    }

    /// `--preview TEMPLATE`, checked: known placeholders and a format Lightbox writes (`--format`'s
    /// for a name without an extension).
    private static func previewTemplate(
        _ parsed: ParsedCommand, format: OutputFormat?
    ) throws(UsageError) -> OutputTemplate? {
        guard let text = parsed.text(preview) else { return nil }
        let template = OutputTemplate(text)
        if let unknown = template.unknownPlaceholder {
            throw parsed.error(
                "--preview '\(text)': unknown placeholder \(unknown) (use \(OutputTemplate.placeholders.joined(separator: ", ")))"
            )
        }
        let named = OutputName(text.replacingOccurrences(of: "{ext}", with: format?.fileExtension ?? "png"))
        if let reason = OutputRule.problem(named, format: format) {
            throw parsed.error("--preview '\(OutputDepth.shown(text))': \(reason)")
        }
        return template
    }

    /// Whether a preview template cannot give each crop of the command line its own name.
    private static func needsNumbers(_ template: OutputTemplate, source: CropSource) -> Bool {
        guard case .rects(let crops) = source else { return false }
        let inputs = Set(crops.map(\.input)).count
        return crops.count > inputs && !template.numbersRects || inputs > 1 && !template.namesInputs
    }
}
