import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// `lightbox crop`: cuts normalized rects out of images, upright, into new files.
struct CropCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: "crop",
        abstract: "Crop images from normalized rects (0 to 1) over the upright image.",
        discussion: CropHelp.discussion,
        arguments: [
            ArgumentSpec(name: "input", help: "Images to crop (with --rect).", isRepeating: true, isOptional: true)
        ],
        options: CropOptions.declared.specs,
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
        do {
            planned = try options.source.entries(warn: console.warning)
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        let jobs = options.batch.shard.share(of: CropJob.grouped(planned.entries))
        if let clash = OutputClash.find(claims(jobs), inputs: jobs.map(\.input)) {
            console.raw(ErrorFormatter.format(UsageError(clash, commandPath: Self.path), root: Lightbox.root))
            return ExitCode.usage
        }
        let ledger = CrashLedger(report: options.batch.resume ? options.batch.report : nil)
        _ = ResumeLedger.forRun(options.batch)
        let report: BatchReport
        do {
            report = try BatchReport(
                path: options.batch.report, console: options.json && !options.dryRun ? console : nil)
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        // Forked before the batch runner starts libvips and the signal thread.
        let pool = WorkerPool(count: min(options.batch.jobs, jobs.count), timeout: workers.timeout, task: workerTask())
        defer { pool.finish() }
        let problems = options.batch.shard.share(of: planned.problems)
        let total = jobs.reduce(problems.count) { $0 + $1.items.count }
        let runner = BatchRunner(
            jobs: options.batch.jobs, total: total, console: console, report: report, showProgress: jobs.count > 1)
        runner.fail(problems)
        let sheet = ContactSheet()
        let work = CropDispatch(
            pool: pool, options: options, sheet: options.contactSheet == nil ? nil : sheet, ledger: ledger)
        runner.run(jobs) { work.run($0) }
        if let path = options.contactSheet, !options.dryRun {
            do {
                try sheet.write(to: path, options: options.companionSave, inputs: jobs.map(\.input))
            } catch {
                runner.record(
                    BatchRecord(
                        status: .failed, fields: [("output", .string(path))], error: error.description, milliseconds: 0)
                )
            }
        }
        if options.source.isBatch && !options.quiet { console.raw(runner.summary.text) }
        return runner.summary.failed == 0 ? ExitCode.success : ExitCode.failure
    }

    /// Every file the run would write: crops, previews, the contact sheet and the report.
    private func claims(_ jobs: [CropJob]) -> [OutputClash.Claim] {
        var claims: [OutputClash.Claim] = jobs.flatMap { job in job.items.map { ("output", $0.output) } }
        if let template = options.preview {
            claims += jobs.flatMap { job in
                job.items.indices.map { ("preview", template.path(input: job.input, number: $0 + 1)) }
            }
        }
        if let sheet = options.contactSheet { claims.append(("contact sheet", sheet)) }
        if let report = options.batch.report { claims.append(("report", report)) }
        return claims
    }
}
