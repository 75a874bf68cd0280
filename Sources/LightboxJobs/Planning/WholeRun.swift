import LightboxFormats

/// Jobs planned whole, as the one window of a run.
package final class WholeRun: JobWindows {
    private var window: JobWindow?

    /// The run of `jobs` and `problems`, with the warnings about their lines.
    package init(_ jobs: [Job], problems: [BatchProblem], lineWarnings: LineWarnings = LineWarnings()) {
        let items = jobs.reduce(problems.count) { $0 + $1.itemCount }
        window = JobWindow(jobs: jobs, problems: problems, lineWarnings: lineWarnings, expectedItems: items)
    }

    /// The one window, then nil.
    package func next() -> JobWindow? {
        defer { window = nil }
        return window
    }
}
