import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender
import LightboxSystem

/// `lightbox batch`: one long-lived process that takes crop, view and board jobs as JSON Lines
/// and answers each with one JSON line as soon as it is done.
struct BatchCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Serve crop, view and board jobs read as JSON Lines, one JSON answer line per job.",
        discussion: """
            Each line of FILE (default: standard input, read as lines arrive) is one job:
              {"id": ANY, "command": "crop"|"view"|"board", ...fields, "output": PATH}
            with the fields of a crop manifest line (input, rect), a view state line or a
            board layout file. Each answer is the command's --json object plus "id" (echoed
            as sent), "status" ("done", "skipped" or "failed", with "error") and the job's own
            "warnings", written as soon as the job is done: with --jobs above 1, answers may
            come out of order. A bad line gets a failed answer naming its line number and the
            batch goes on. The options above are defaults for every job; a job's keys force,
            maxPixels, failOn and timeout may only narrow them (no force, a lower limit, a
            stricter level, a shorter time), and quality and skipExisting are every job's keys:
            skipExisting leaves an output that is a whole image of its format as it is, and
            fails the job on anything else there (only --force replaces it). An output more
            than 64 folders deep fails its job; folders made for a job that fails are removed.
            Warnings go into the answers; stderr is written without ever waiting.
            A line {"command": "cancel", "id": ID} gives up the jobs of that id in flight:
            one waiting for a worker is answered failed without running, a running one is
            stopped as its timeout stops it (worker killed and replaced, temp file removed,
            no output), answered failed, "cancelled by its client"; the cancel gets its own
            answer after theirs, with "command": "cancel" (failed when no such job is
            queued or running), and counts as no job.
            Behind a service that passes on its users' paths, give --root (or --read-root
            and --write-root): a job whose input or output resolves outside them fails
            alone, and nothing outside them is opened or made. --max-memory bounds each
            worker process: a job that needs more fails alone.
            At the end of input the exit is 0 when every job was done or at most
            --max-failures jobs failed, 1 otherwise, and the last line of standard error
            says why (12 done, 4 failed); the budget is the operator's, and a job line
            with a max-failures key fails.
            See docs/batch.md for the protocol and client examples.

            \(ExitCode.helpText)
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "The jobs, as JSON Lines (default: - for standard input).", isOptional: true)
        ],
        options: ([
            BatchOptions.jobs.help("Jobs in flight at once (default: the number of cores)."), OutputOptions.force,
            OutputOptions.keepMetadata.help("Crop jobs: keep the input's EXIF, XMP and IPTC."),
            OutputOptions.strip.help("Crop jobs: write no metadata at all, not even the ICC profile."),
            OutputOptions.stripICC.help("Crop jobs: drop the ICC colour profile."),
            CropCutOptions.oriented.help("Crop jobs: bounds (default) or upright for a rect with an angle."),
            CropCutOptions.mask.help("Crop jobs: keep only the inside of a rect with an angle."),
            CropCutOptions.lossless.help("Crop jobs: cut JPEG into JPEG without re-encoding."),
            CropOptions.background.help("Crop jobs: flatten transparent pixels and a mask's outside onto this colour."),
            OutputOptions.quiet.help("Print no warnings or summary."), ReadWriteOptions.quality,
            ReadWriteOptions.failOn, ReadWriteOptions.maxPixels,
            BatchOptions.maxFailures.help(
                "At the end of input, exit 0 when at most N jobs (or P% of them) failed; each is still answered failed (default 0)."
            ),
        ] as [any OptionDeclaration] + WorkerOptions.declared + RootOptions.declared + BatchLimits.declared).specs,
        examples: [
            "lightbox batch jobs.jsonl",
            "lightbox batch --jobs 1 --quality 90 -",
            "lightbox batch --root /srv/photos --max-memory 1024 -",
        ]
    )

    /// Where the jobs come from: a path, or `-` for standard input.
    let file: String
    /// Jobs in flight at once, one worker process each.
    let jobs: Int
    /// `--timeout` and `--max-memory` for the worker processes.
    let workers: WorkerOptions
    /// `--root`, `--read-root`, `--write-root`: where every job's files must be; nil for anywhere.
    let roots: PathRoots?
    /// Builds each line's job with the command line's values as defaults.
    let reader: BatchLine
    /// Whether warnings are silenced.
    let quiet: Bool
    /// `--max-failures`: failed jobs that still exit 0 at the end of input; nil for none.
    let maxFailures: FailureBudget?

    /// Reads and checks the parsed command line; a bad default is a usage error now, not one per job.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        if parsed.positionals.count > 1 {
            throw parsed.error("unexpected argument '\(parsed.positionals[1])': batch reads one FILE")
        }
        file = parsed.positionals.first ?? OutputPath.standardOutput
        jobs = try parsed.value(BatchOptions.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
        workers = try WorkerOptions(parsed)
        roots = try RootOptions.read(parsed)
        quiet = parsed.flag(OutputOptions.quiet)
        maxFailures = try parsed.value(BatchOptions.maxFailures)
        let readWrite = try ReadWriteOptions(parsed)
        let keep = parsed.flag(OutputOptions.keepMetadata)
        if keep { try parsed.refuse([OutputOptions.strip], with: "--keep-metadata") }
        let force = parsed.flag(OutputOptions.force)
        var cropSave = readWrite.save(
            nil, stream: nil, strip: !keep,
            stripICC: parsed.flag(OutputOptions.strip) || parsed.flag(OutputOptions.stripICC), force: force)
        if let colour = try parsed.value(CropOptions.background) {
            (cropSave.background, cropSave.flattensAlpha) = (colour.bytes(over: 255), true)
        }
        var cropSettings = CropSettings(save: cropSave, failOn: readWrite.failOn, maxPixels: readWrite.maxPixels)
        cropSettings.cut = try CropCutOptions.cut(parsed, background: cropSave.background)
        let label = file == OutputPath.standardOutput ? "stdin" : file
        reader = BatchLine(
            label: label,
            crops: CropPlanner(
                settings: cropSettings, placement: OutputPlacement(outDir: nil), units: .fraction, preview: nil),
            views: ViewPlanner(defaults: parsed, outDir: nil, dryRun: false),
            boards: BoardPlanner(
                save: readWrite.save(nil, stream: nil, force: force),
                limits: CardPhoto.Limits(failOn: readWrite.failOn, maxPixels: readWrite.maxPixels), placeholder: false),
            policy: BatchPolicy(
                force: force, quality: readWrite.quality, failOn: readWrite.failOn,
                maxPixels: readWrite.maxPixels, timeout: workers.timeout),
            limits: try BatchLimits(parsed))
    }

    /// Serves every job of the input, then waits for those in flight; returns the exit code.
    func run(console: Console) throws -> ExitCode {
        console.quiet = quiet
        let descriptor = file == OutputPath.standardOutput ? STDIN_FILENO : SystemCall.open(file, O_RDONLY | O_CLOEXEC)
        var status = stat()
        if descriptor >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            errno = EISDIR
        } else if descriptor >= 0 {
            defer { if descriptor != STDIN_FILENO { close(descriptor) } }
            return serve(descriptor, console: console)
        }
        throw BatchProblem.unreadable(file, "cannot read the jobs: \(SystemCall.reason())")
    }

    /// Serves every job read from `descriptor`, then waits for those in flight; returns the exit code.
    private func serve(_ descriptor: Int32, console: Console) -> ExitCode {
        // Forked before any thread starts; every job runs in one of them (a board: its photos).
        let pool = WorkerPool(count: jobs, timeout: workers.timeout, memoryMegabytes: workers.memoryMegabytes)
        defer { pool.finish() }
        // A client may never read stderr: from now on nothing waits on it (StandardError starts a
        // thread, so the workers are forked first).
        StandardError.neverWait()
        BatchServer.returnFreedMemory()
        let server = BatchServer(
            reader: reader, pool: pool,
            context: WorkerContext(
                quiet: quiet, roots: roots, renderThreads: WorkerContext.renderThreads(workers: jobs)),
            check: OutputCheck(dryRun: false, roots: roots), concurrency: jobs)
        Interrupts.install { server.counts }
        server.serve(descriptor)
        if StandardError.dropped > 0 {
            console.warning(
                "\(StandardError.dropped) lines of standard error were dropped: nothing read them (each job's "
                    + "warnings are in its answer)")
        }
        return verdict(server, console: console)
    }

    /// The exit code at the end of input: 0 when every job was done, or when the failed ones are
    /// within `--max-failures` of the jobs answered, else 1.
    ///
    /// The last line on stderr says why, as `crop` ends with its counts: `12 done, 4 failed`, and
    /// with a budget that some job used, one line still, the budget's note after the counts
    /// (`3 done, 1 failed (within --max-failures 1: exit 0)`). `--quiet` prints no summary, as in
    /// the other commands; the answers on stdout say the same job by job.
    private func verdict(_ server: BatchServer, console: Console) -> ExitCode {
        let (done, failed) = server.tally
        let within = failed > 0 && maxFailures?.allows(failed: failed, of: done + failed) == true
        let note = failed > 0 ? maxFailures.map { within ? $0.withinNote : $0.pastNote } : nil
        if !quiet { console.raw(server.counts + (note.map { " (\($0))" } ?? "") + "\n") }
        return failed == 0 || within ? .success : .failure
    }
}
