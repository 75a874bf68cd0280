import LightboxFormats

/// Where a run is in its windows: the slots of the report its windows take (a window's problems,
/// then each of its jobs), the positions `--shard` counts from, the failure budget's items and
/// the progress line's total, which grows from an estimate to the count once the last window is in.
struct WindowedRun {
    /// The run's share.
    let shard: Shard
    /// The report slot of the current window's problems; its jobs take the slots after it.
    private(set) var slot = 0
    /// The current window's jobs this shard owns.
    private(set) var jobs: [Job] = []
    /// The items the failure budget counts, over the windows started.
    private(set) var budgetItems = 0
    /// The jobs and problems of the windows before the current one, as `--shard` numbers them.
    private var positions = (jobs: 0, problems: 0)
    /// The items planned so far: this shard's, and every shard's.
    private var items = (owned: 0, planned: 0)

    /// Makes the state of a run of `shard`.
    init(shard: Shard) {
        self.shard = shard
    }

    /// Starts `window`: says the warnings of the lines this shard owns, reports the problems of
    /// its own in the window's first slot, and keeps its own jobs in `jobs`.
    mutating func start(_ window: JobWindow, report: RunReport, console: Console) {
        jobs = shard.share(of: window.jobs, from: positions.jobs)
        let problems = shard.share(of: window.problems, from: positions.problems) + (window.stop.map { [$0] } ?? [])
        positions = (positions.jobs + window.jobs.count, positions.problems + window.problems.count)
        for warning in window.lineWarnings.owned(jobs: jobs, problems: problems) { console.warning(warning) }
        items.owned += jobs.reduce(problems.count) { $0 + $1.itemCount }
        items.planned += window.itemCount
        budgetItems += jobs.reduce(problems.count) { $0 + $1.budgetItems }
        report.expect(total: items.owned + max(0, window.expectedItems - items.planned) / shard.count)
        for problem in problems { report.record(.problem(problem), slot: slot) }
        report.end(slot: slot)
    }

    /// Ends the current window: the next one's slots follow its jobs'.
    mutating func end() {
        slot += jobs.count + 1
    }
}
