import LightboxFormats

/// A dataset's crops planned a chunk at a time (`DatasetStream`: the boxes of whole images),
/// each chunk a window whose jobs follow the earlier windows' in the contact sheet's order.
package final class DatasetWindows: JobWindows {
    private let planner: CropPlanner
    private let stream: any DatasetStream
    private var jobsSoFar = 0
    private var itemsSoFar = 0

    /// The windows of `stream`, planned by `planner`.
    package init(_ planner: CropPlanner, stream: any DatasetStream) {
        self.planner = planner
        self.stream = stream
    }

    /// The next chunk planned into a window, or nil after the last.
    package func next() -> JobWindow? {
        guard let (entries, problems) = stream.next() else { return nil }
        let (cropJobs, previewProblems) = planner.jobs(planner.dataset(entries), firstOrder: jobsSoFar)
        let jobs = cropJobs.map(Job.crop)
        jobsSoFar += jobs.count
        var window = JobWindow(jobs: jobs, problems: problems + previewProblems, expectedItems: 0)
        itemsSoFar += window.itemCount
        window.expectedItems = max(itemsSoFar, stream.expectedItems)
        window.isLast = window.expectedItems <= itemsSoFar
        return window
    }
}
