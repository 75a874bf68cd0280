import Foundation
import LightboxArguments
import LightboxRender
import LightboxWorkers

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
            board layout file. Each answer is the command's --json object plus "id" (echoed)
            and "status" ("done" or "failed", with "error"), written as soon as the job is
            done: with --jobs above 1, answers may come out of order. A bad line gets a failed
            answer naming its line number and the batch goes on. The options below are
            defaults for every job. Exit 0 when every job was done, 1 otherwise.
            See docs/batch.md for the protocol and client examples.
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
            OutputOptions.quiet.help("Print no warnings."), ReadWriteOptions.quality, ReadWriteOptions.failOn,
            ReadWriteOptions.maxPixels, WorkerOptions.option,
        ] as [any OptionDeclaration]).specs,
        examples: [
            "lightbox batch jobs.jsonl",
            "lightbox batch --jobs 1 --quality 90 -",
        ]
    )

    /// Where the jobs come from: a path, or `-` for standard input.
    let file: String
    /// Jobs in flight at once, one worker process each.
    let jobs: Int
    /// `--timeout` for the worker processes.
    let workers: WorkerOptions
    /// What the workers need to run a job: the defaults and where messages point.
    let runner: BatchJobRunner

    /// Reads and checks the parsed command line; a bad default is a usage error now, not one per job.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        if parsed.positionals.count > 1 {
            throw parsed.error("unexpected argument '\(parsed.positionals[1])': batch reads one FILE")
        }
        file = parsed.positionals.first ?? OutputPath.standardOutput
        jobs = try parsed.value(BatchOptions.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
        workers = try WorkerOptions(parsed)
        _ = try ReadWriteOptions(parsed)
        let own = [BatchOptions.jobs.spec.long, WorkerOptions.option.spec.long]
        let defaults = BatchCommand.spec.options.filter { !own.contains($0.long) }.compactMap { option in
            parsed.texts(option).map { (option.long, $0.last) }
        }
        let label = file == OutputPath.standardOutput ? "stdin" : file
        runner = BatchJobRunner(label: label, defaults: defaults, jobs: jobs, quiet: parsed.flag(OutputOptions.quiet))
    }

    /// Serves every job of the input, then waits for those in flight; returns the exit code.
    func run(console: Console) -> Int32 {
        let stream: UnsafeMutablePointer<FILE>? = file == OutputPath.standardOutput ? fdopen(0, "r") : fopen(file, "r")
        guard let stream else {
            console.error("\(file): cannot read the jobs (\(String(cString: strerror(errno))))")
            return ExitCode.failure
        }
        // Forked before any thread starts; every job runs in one of them.
        let pool = WorkerPool(count: jobs, timeout: workers.timeout, task: BatchJobTask(runner: runner))
        defer { pool.finish() }
        let server = BatchServer(pool: pool, runner: runner, jobs: jobs)
        Interrupts.install { server.counts }
        server.serve(stream)
        return server.allDone ? ExitCode.success : ExitCode.failure
    }
}

/// `batch`'s workers run whole jobs: decoding, rendering and writing.
extension BatchCommand: WorkerHosting {
    /// The job task, with the defaults of the command line.
    func workerTask() -> any WorkerTask {
        BatchJobTask(runner: runner)
    }
}
