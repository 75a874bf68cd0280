import LightboxRender
import LightboxSystem

/// How a command runs its jobs: the options every batch shares and what the command prints.
package struct RunOptions: Sendable {
    /// The command, named in the journal's header.
    package var command: JobKind
    /// Jobs in flight at once (and worker processes).
    package var jobs: Int
    /// Seconds a job may take before its worker is killed (0: no limit).
    package var timeout: Double
    /// The `--report` journal, if any.
    package var report: String?
    /// `--resume`.
    package var resume = false
    /// `--force` given itself: with `--resume`, an output its journal does not know that is not a
    /// whole image is replaced too (a resumed run replaces the outputs its journal records anyway).
    package var force = false
    /// This process's share.
    package var shard = Shard.all
    /// `--max-failures`: failed items that still exit 0; nil for none.
    package var maxFailures: FailureBudget?
    /// What stdout gets.
    package var stdout = RunReport.Stdout.none
    /// Plan only.
    package var dryRun = false
    /// No warnings, progress or summary.
    package var quiet = false
    /// Draw the progress line (on a terminal).
    package var showProgress = false
    /// Print the summary at the end.
    package var printsSummary = false
    /// `--out-dir`, checked writable before any work.
    package var outDir: String?
    /// `--contact-sheet` and how it is written.
    package var contactSheet: (path: String, save: SaveOptions)?
    /// Worker processes to start, whatever the number of jobs (default: `jobs`, at most one per job).
    package var workers: Int?
    /// Megabytes each worker process may hold (`--max-memory`); 0 for no limit.
    package var memoryMegabytes = 0
    /// `--root`, `--read-root`, `--write-root`; nil when none is given.
    package var roots: PathRoots?

    /// Makes options for `command`.
    package init(command: JobKind, jobs: Int, timeout: Double) {
        self.command = command
        self.jobs = jobs
        self.timeout = timeout
    }

    /// Makes options for `command` with the worker options and the roots of its command line.
    package init(command: JobKind, jobs: Int, workers options: WorkerOptions, roots: PathRoots?) {
        self.init(command: command, jobs: jobs, timeout: options.timeout)
        memoryMegabytes = options.memoryMegabytes
        self.roots = roots
    }
}
