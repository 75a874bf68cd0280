import LightboxFormats

/// A run of consecutive lines planned together: their jobs (crops of one input grouped as the
/// whole-run plan grouped them), the problems of the lines that could not be planned, and the
/// warnings about lines, kept until the shard that owns each line is known.
package struct JobWindow: Sendable {
    /// The jobs, in the order their inputs first appear.
    package var jobs: [Job]
    /// The problems of the lines that could not be planned.
    package var problems: [BatchProblem]
    /// Warnings about the window's lines.
    package var lineWarnings = LineWarnings()
    /// The items the whole run is expected to have, as far as is known after this window:
    /// exact once the last window is planned, else scaled from the bytes read so far.
    package var expectedItems: Int
    /// Whether no window comes after this one.
    package var isLast: Bool
    /// The problem that stopped the reading (a read error, a quote never closed): every shard
    /// reports it, as none reads past it.
    package var stop: BatchProblem?

    /// Makes a window.
    package init(
        jobs: [Job], problems: [BatchProblem], lineWarnings: LineWarnings = LineWarnings(), expectedItems: Int,
        isLast: Bool = true
    ) {
        self.jobs = jobs
        self.problems = problems
        self.lineWarnings = lineWarnings
        self.expectedItems = expectedItems
        self.isLast = isLast
    }

    /// The items of its jobs and problems.
    package var itemCount: Int {
        jobs.reduce(problems.count) { $0 + $1.itemCount }
    }
}
