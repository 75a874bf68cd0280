import Foundation
import LightboxFormats
import LightboxRender
import LightboxSystem

/// Runs a command's jobs from start to end, the same for `crop`, `view` and `board`: the shard
/// kept, `--out-dir` and the journal checked before any work, the workers started (forked while
/// the process is single-threaded), every job run and reported as its items end, the contact sheet,
/// the summary, the workers waited for, and the exit code.
package enum RunSession {
    /// Runs `jobs` after reporting `problems` (lines that could not be planned); returns `success`
    /// or `failure`, or throws what stops the run before any work (`--out-dir`, `--report`).
    package static func run(
        _ jobs: [Job], problems: [BatchProblem], lineWarnings: LineWarnings = LineWarnings(), options: RunOptions,
        console: Console
    ) throws -> ExitCode {
        let whole = WholeRun(jobs, problems: problems, lineWarnings: lineWarnings)
        return try run(whole, first: whole.next(), options: options, console: console)
    }

    /// Runs the windows of `windows`, `first` (already taken from it) first, each window's
    /// problems reported before its jobs run; what a window's lines warn is said by the shard
    /// that owns them.
    package static func run(
        _ windows: any JobWindows, first: JobWindow?, options: RunOptions, console: Console
    ) throws -> ExitCode {
        let first = first ?? JobWindow(jobs: [], problems: [], expectedItems: 0)
        if let outDir = options.outDir, let roots = options.roots, let problem = roots.problem(outDir, for: .write) {
            throw CannotCreate("\(outDir): --out-dir \(problem.reason)")
        }
        if let outDir = options.outDir, let roots = options.roots, !options.dryRun {
            do throws(PathError) {
                try roots.makeFolder(outDir, for: outDir)
            } catch {
                throw CannotCreate("\(outDir): cannot write --out-dir (\(error.reason))")
            }
        }
        let makesOutDir = !options.dryRun && options.roots == nil
        if let outDir = options.outDir, let reason = OutputPath.prepareFolder(outDir, make: makesOutDir) {
            throw CannotCreate("\(outDir): cannot write --out-dir (\(reason))")
        }
        let ledger = options.resume ? options.report.map { JournalLedger(path: $0) } ?? JournalLedger() : nil
        let journal = try options.report.flatMap { (path) throws(JournalError) -> Journal? in
            options.dryRun
                ? nil
                : try Journal(
                    path: path, resume: options.resume,
                    header: Journal.header(
                        command: options.command, resume: options.resume,
                        shard: options.shard == .all ? nil : "\(options.shard.index + 1)/\(options.shard.count)"),
                    compacting: ledger)
        }
        // Forked here, before the runner's threads and libvips start. A count the command gives is
        // its own (a board's one job decodes its photos on several workers); else one per job in flight.
        let firstJobs = options.shard.share(of: first.jobs).count
        let workers = max(1, options.workers ?? min(options.jobs, first.isLast ? firstJobs : options.jobs))
        let pool = WorkerPool(count: workers, timeout: options.timeout, memoryMegabytes: options.memoryMegabytes)
        defer { pool.finish() }
        let report = RunReport(
            console: console, journal: journal, stdout: options.stdout, total: first.expectedItems,
            showProgress: options.showProgress, dryRun: options.dryRun)
        let counts = options.printsSummary || options.command == .crop
        Interrupts.install { counts ? report.summary.text : "" }
        let sheet = options.contactSheet == nil ? nil : ContactSheet()
        let runner = JobRunner(
            executor: WorkerExecutor(pool: pool, console: console), concurrency: options.jobs,
            context: WorkerContext(
                quiet: options.quiet, roots: options.roots,
                renderThreads: WorkerContext.renderThreads(workers: workers)),
            resume: ledger.map { ResumeFilter(ledger: $0, force: options.force) },
            check: OutputCheck(dryRun: options.dryRun, roots: options.roots),
            sheet: sheet)
        var run = WindowedRun(shard: options.shard)
        var window: JobWindow? = first
        while let current = window {
            run.start(current, report: report, console: console)
            runner.run(run.jobs, report: report, first: run.slot + 1)
            run.end()
            window = windows.next()
        }
        report.finish()
        if let sheet, let (path, save) = options.contactSheet, !options.dryRun {
            writeSheet(sheet, to: path, save: save, report: report, slot: run.slot)
        }
        let summary = report.summary
        let budgetTotal = run.budgetItems
        let allowed = summary.isWithin(options.maxFailures, of: budgetTotal)
        let note = allowed ? options.maxFailures?.withinNote : nil
        if options.printsSummary && !options.quiet {
            console.raw(summary.text + (note.map { " (\($0))" } ?? "") + "\n")
        } else if let note, !options.quiet {
            // A board counts its photos: `2 of 40 photos failed, within --max-failures 5%: exit 0`.
            let failed =
                options.command == .board ? "\(summary.budgeted) of \(budgetTotal) photos" : "\(summary.failed)"
            console.raw("\(failed) failed, \(note)\n")
        }
        return summary.failed == 0 || allowed ? .success : .failure
    }

    /// Writes the contact sheet, a failure being one more failed record.
    private static func writeSheet(
        _ sheet: ContactSheet, to path: String, save: SaveOptions, report: RunReport, slot: Int
    ) {
        do throws(RenderError) {
            if let problem = OutputCheck(dryRun: false).problem(path, inputs: [], force: save.force) { throw problem }
            try sheet.write(to: path, options: save)
        } catch {
            report.record(
                BatchRecord(
                    status: .failed, output: path, fields: [("output", .string(path))], error: error.description,
                    milliseconds: 0),
                slot: slot)
        }
        report.end(slot: slot)
    }
}
