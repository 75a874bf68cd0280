import Foundation
import LightboxFormats
import LightboxRender

/// `lightbox view --manifest`: every state of a JSON Lines file rendered by the batch runner.
///
/// Each line is read as a `view` command line (`StateManifest`), so a line and the command
/// line share every check; options given on the command line are defaults for every line.
struct ViewBatch: Sendable {
    let manifest: String
    let outDir: String
    /// Options given on the command line, as (option, value) with nil for a flag: defaults for every line.
    let defaults: [(String, String?)]
    let batch: BatchOptions
    let dryRun: Bool
    let json: Bool
    let quiet: Bool

    /// The options that steer the batch itself rather than each snapshot.
    static let batchOptions = Set(
        (BatchOptions.declared + [
            OutputOptions.manifest, OutputOptions.outDir, OutputOptions.dryRun, OutputOptions.json,
            OutputOptions.quiet, WorkerOptions.option,
        ]).specs.map(\.long))

    /// Reads the batch options; the others become defaults for every line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        try parsed.refusePositionals(with: "--manifest")
        manifest = parsed.text(OutputOptions.manifest) ?? ""
        outDir = try parsed.required(OutputOptions.outDir, for: "--manifest")
        batch = try BatchOptions(parsed)
        dryRun = parsed.flag(OutputOptions.dryRun)
        json = parsed.flag(OutputOptions.json)
        quiet = parsed.flag(OutputOptions.quiet)
        defaults = ViewCommand.spec.options.filter { !ViewBatch.batchOptions.contains($0.long) }.compactMap { option in
            parsed.texts(option).map { ("--\(option.long)", $0.last) }
        }
    }

    /// Renders every line in workers that `pool` starts, reporting each failure and going on; returns the exit code.
    func run(console: Console, pool makePool: (Int) -> WorkerPool) -> Int32 {
        console.quiet = quiet
        let lines: [StateManifest.Line]
        let report: BatchReport
        let ledger = CrashLedger(report: batch.resume ? batch.report : nil)
        _ = ResumeLedger.forRun(batch)
        do {
            lines = try StateManifest.read(manifest)
            report = try BatchReport(path: batch.report, console: json && !dryRun ? console : nil)
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        let share = batch.shard.share(of: lines)
        let pool = makePool(min(batch.jobs, share.count))
        defer { pool.finish() }
        let dispatch = ViewDispatch(pool: pool, ledger: ledger)
        let runner = BatchRunner(
            jobs: batch.jobs, total: share.count, console: console, report: report, showProgress: true)
        runner.run(share) { line in [dispatch.line(line, of: self)] }
        if !quiet { console.raw(runner.summary.text) }
        return runner.summary.failed == 0 ? ExitCode.success : ExitCode.failure
    }

    /// Checks and renders one line.
    func render(_ line: StateManifest.Line, console: Console) -> BatchRecord {
        let options: ViewOptions
        switch line.result.flatMap({ self.options($0, line: line.number) }) {
        case .success(let value): options = value
        case .failure(let problem):
            let fields: [(String, JSONValue)] = [("source", .string(manifest)), ("line", .int(line.number))]
            return BatchRecord(status: .failed, fields: fields, error: problem.description, milliseconds: 0)
        }
        for warning in options.warnings { console.warning("\(manifest):\(line.number): \(warning)") }
        let output = options.request.output
        if let skipped = skipped(output) { return skipped }
        try? FileManager.default.createDirectory(
            atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let start = DispatchTime.now().uptimeNanoseconds
        var save = options.save
        save.force = save.force || batch.resume
        let outcome = ViewRunner(
            writer: AtomicWriter(options: save), failOn: options.failOn, maxPixels: options.maxPixels
        ).run(options.request, dryRun: dryRun)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard case .object(let fields) = ViewCommand.json(outcome) else {
            preconditionFailure("view JSON is an object")
        }
        if let error = outcome.error {
            let located = fields + [("source", .string(manifest)), ("line", .int(line.number))]
            return BatchRecord(
                status: .failed, fields: located, error: "\(manifest):\(line.number): \(error.description)",
                milliseconds: milliseconds)
        }
        let written = dryRun ? [] : ResumeLedger.bytesField(output)
        return BatchRecord(
            status: dryRun ? .planned : .done, fields: fields + written, error: nil, milliseconds: milliseconds,
            plan: dryRun ? JSONValue.object(fields).shortText : nil
        )
    }

    /// The record of `output` when `--resume` knows it to be whole (stale temp files beside it swept first), else nil.
    func skipped(_ output: String) -> BatchRecord? {
        if batch.resume { TempFiles.shared.sweepStale(in: (output as NSString).deletingLastPathComponent) }
        guard batch.resume && !dryRun && ResumeLedger.forRun(batch).isFinished(output) else { return nil }
        return BatchRecord(
            status: .skipped, fields: [("output", .string(output))] + ResumeLedger.bytesField(output), error: nil,
            milliseconds: 0)
    }

    /// The checked options of one line: its arguments, then the command line's defaults, output under `--out-dir`.
    func options(_ arguments: [String], line: Int) -> Result<ViewOptions, BatchProblem> {
        let split = arguments.firstIndex(of: "--") ?? arguments.count
        var own = Array(arguments[..<split])
        let pages = Array(arguments[split...])
        let given = Set(own.filter { $0.hasPrefix("--") })
        for (option, value) in defaults where !given.contains(option) {
            own += [option] + (value.map { [$0] } ?? [])
        }
        let folder = OutputFolder(outDir)
        if let at = own.firstIndex(of: "--output"), at + 1 < own.count {
            switch folder.place(own[at + 1]) {
            case .success(let placed): own[at + 1] = placed
            case .failure(let escape): return .failure(BatchProblem(manifest, line: line, escape.description))
            }
        } else if !own.contains("--output") {
            own += ["--output", (outDir as NSString).appendingPathComponent("view-\(line).png")]
        }
        do {
            guard case .run(let parsed, _) = try ArgumentParser.parse(["view"] + own + pages, root: Lightbox.root)
            else {
                return .failure(BatchProblem(manifest, line: line, "not a snapshot"))
            }
            return .success(try ViewOptions(parsed))
        } catch {
            return .failure(BatchProblem(manifest, line: line, error.message))
        }
    }
}
