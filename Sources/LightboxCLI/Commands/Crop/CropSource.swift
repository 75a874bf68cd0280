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
    case dataset(
        @Sendable (String, (String) -> Void) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]))

    /// Whether this is a batch source (manifest or dataset), which prints a summary.
    var isBatch: Bool {
        if case .rects = self { return false }
        return true
    }

    /// The crops asked for and the problems of lines that cannot be planned; a source that cannot
    /// be read at all throws. `warn` takes warnings about the whole source, `lines` those about
    /// one manifest line (said only by the shard that owns it).
    func plan(
        _ planner: CropPlanner, outDir: String, warn: (String) -> Void, lines: inout LineWarnings
    ) throws(BatchProblem) -> (crops: [CropPlanner.Planned], problems: [BatchProblem]) {
        switch self {
        case .rects(let crops): return (crops, [])
        case .manifest(let path):
            var found = LineWarnings()
            defer { lines = found }
            return try planner.manifest(path, warn: { found.add(line: $0, $1) })
        case .dataset(let read):
            let (entries, problems) = try read(outDir, warn)
            return (planner.dataset(entries), problems)
        }
    }
}
