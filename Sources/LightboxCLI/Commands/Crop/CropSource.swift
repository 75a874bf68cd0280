import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// Where `lightbox crop` takes its crops from: rects on the command line, a manifest or a dataset.
enum CropSource: Sendable {
    /// `INPUT... --rect ... -o TEMPLATE`: every crop already planned (the command line is checked whole).
    case rects([CropPlanner.Planned])
    /// `--manifest FILE --out-dir DIR`.
    case manifest(path: String)
    /// A dataset format's option (`DatasetFormat`) with `--out-dir DIR`: the dataset's reader.
    case dataset(@Sendable (String, (String) -> Void) throws(BatchProblem) -> any DatasetStream)

    /// Whether this is a batch source (manifest or dataset), which prints a summary.
    var isBatch: Bool {
        if case .rects = self { return false }
        return true
    }

    /// The run's windows and the first of them (the only one, but for a manifest, which is
    /// planned as it is read); a source that cannot be read at all throws. `warn` takes
    /// warnings about the whole source.
    func windows(
        _ planner: CropPlanner, outDir: String, warn: (String) -> Void
    ) throws(BatchProblem) -> (windows: any JobWindows, first: JobWindow?) {
        let crops: [CropPlanner.Planned]
        let problems: [BatchProblem]
        switch self {
        case .rects(let planned): (crops, problems) = (planned, [])
        case .manifest(let path):
            let windows = try ManifestWindows(planner, path: path)
            return (windows, try windows.first())
        case .dataset(let read):
            let windows = DatasetWindows(planner, stream: try read(outDir, warn))
            return (windows, windows.next())
        }
        let (jobs, previewProblems) = planner.jobs(crops)
        let whole = WholeRun(jobs.map(Job.crop), problems: problems + previewProblems)
        return (whole, whole.next())
    }
}
