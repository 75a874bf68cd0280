import Foundation
import LightboxGeometry
import LightboxRender

/// `lightbox crop`: cuts normalized rects out of images, upright, into new files.
struct CropCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: "crop",
        abstract: "Crop images from normalized rects (0 to 1) over the upright image.",
        discussion: CropHelp.discussion,
        arguments: [ArgumentSpec(name: "input", help: "Images to crop (with --rect).", isRepeating: true, isOptional: true)],
        options: [
            .repeated("rect", valueName: "x,y,w,h", help: "A normalized rect to crop; repeat for more."),
            .value("output", short: "o", valueName: "output", help: "Output path or template ({stem}, {ext}, {n})."),
            .value("manifest", valueName: "file", help: "Crop what a CSV or JSON Lines manifest lists."),
            .value("yolo", valueName: "labels", help: "Crop every box of YOLO label files (a folder or one file)."),
            .value("images", valueName: "dir", help: "With --yolo: the folder of the labelled images."),
            .value("classes", valueName: "file", help: "With --yolo: class names (data.yaml or one per line)."),
            .value("pad", valueName: "f", help: "With --yolo: move each side out by f times the box's size."),
            .flag("square", help: "With --yolo: grow the short side to make square crops."),
            .value("out-dir", valueName: "dir", help: "With --manifest or --yolo: where outputs go (made if missing)."),
            .flag("strip", help: "Drop EXIF, XMP and IPTC metadata (the ICC profile stays)."),
            .flag("strip-icc", help: "Drop the ICC colour profile."),
            .value("min-side", valueName: "s", help: "Reject a rect with a side under s (a fraction, or pixels as 32px)."),
            .flag("strict", help: "Treat a rect partly outside the image as an error."),
            .flag("force", help: "Replace existing outputs (never an input)."),
            .value("preview", valueName: "template", help: "Also write the input with the crop overlay ({stem}, {n})."),
            .value("contact-sheet", valueName: "file", help: "Write every preview in one grid image."),
            .flag("dry-run", help: "Write nothing; print one JSON line per output."),
            .flag("json", help: "Print one JSON line per item after doing it."),
            .flag("quiet", short: "q", help: "Print no warnings, progress or summary."),
        ] + ReadWriteOptions.specs + WorkerOptions.specs + BatchOptions.specs,
        examples: CropHelp.examples
    )

    let options: CropOptions
    /// `--timeout` for the worker processes that decode and write.
    let workers: WorkerOptions

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        options = try CropOptions(parsed)
        workers = try WorkerOptions(parsed)
    }

    /// Crops every item, reporting each failure and going on; returns the exit code.
    func run(console: Console) -> Int32 {
        console.quiet = options.quiet
        for warning in options.warnings { console.warning(warning) }
        let planned: (entries: [CropEntry], problems: [BatchProblem])
        let report: BatchReport
        let ledger: CrashLedger
        do {
            planned = try options.source.entries()
            ledger = CrashLedger(report: options.batch.resume ? options.batch.report : nil)
            report = try BatchReport(path: options.batch.report, console: options.json && !options.dryRun ? console : nil)
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        let jobs = options.batch.shard.share(of: CropJob.grouped(planned.entries))
        // Forked before the batch runner starts libvips and the signal thread.
        let pool = WorkerPool(count: min(options.batch.jobs, jobs.count), timeout: workers.timeout, task: workerTask())
        defer { pool.finish() }
        let problems = options.batch.shard.share(of: planned.problems)
        let runner = BatchRunner(jobs: options.batch.jobs, total: jobs.reduce(problems.count) { $0 + $1.items.count }, console: console, report: report, showProgress: options.source.isBatch)
        runner.fail(problems)
        let sheet = ContactSheet()
        let work = CropDispatch(pool: pool, options: options, sheet: options.contactSheet == nil ? nil : sheet, ledger: ledger)
        runner.run(jobs) { work.run($0) }
        if let path = options.contactSheet, !options.dryRun {
            do {
                try sheet.write(to: path, options: options.save)
            } catch {
                runner.record(BatchRecord(status: .failed, fields: [("output", .string(path))], error: error.description, milliseconds: 0))
            }
        }
        if options.source.isBatch && !options.quiet { console.raw(runner.summary.text) }
        return runner.summary.failed == 0 ? ExitCode.success : ExitCode.failure
    }
}
