import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender
import LightboxSystem

/// A crop manifest planned as it is read, a chunk of lines (`ManifestStream`) at a time, each
/// chunk a window: its lines planned as the whole-run plan planned them (`CropPlanner.item`,
/// crops of one input in the window grouped into one job), what a later window must know kept
/// compactly: each input's crop count for default names, and every output claimed so far
/// (`OutputDigests`), so a line naming an earlier line's output is refused in any window.
package final class ManifestWindows: JobWindows {
    private let planner: CropPlanner
    private let stream: ManifestStream
    private let base: String
    /// Crops planned so far by input (by the input's seeded hash: two inputs sharing one only
    /// number their default names past each other's).
    private var counts: [Int: Int] = [:]
    private let digests = OutputDigests()
    private var jobsSoFar = 0
    /// Set when a chunk could not be read: nothing after it is.
    private var stopped = false
    private var itemsSoFar = 0

    /// Opens the manifest at `path` for `planner`; a file that cannot be opened throws.
    package init(
        _ planner: CropPlanner, path: String, reads: ManifestStream.Reads = ManifestStream.reads
    )
        throws(BatchProblem)
    {
        self.planner = planner
        stream = try ManifestStream(path: path, reads: reads)
        base = PathText.folder(of: path)
    }

    /// The first window: a manifest that cannot be read, whose header is wrong or that is empty throws.
    package func first() throws(BatchProblem) -> JobWindow {
        try window(try stream.next() ?? [])
    }

    /// The next window; a chunk that cannot be read ends the windows with its problem.
    package func next() -> JobWindow? {
        guard !stream.finished, !stopped else { return nil }
        do throws(BatchProblem) {
            guard let lines = try stream.next() else { return nil }
            return try window(lines)
        } catch {
            stopped = true
            itemsSoFar += 1
            var window = JobWindow(jobs: [], problems: [], expectedItems: itemsSoFar, isLast: true)
            window.stop = error
            return window
        }
    }

    /// `lines` planned into a window.
    private func window(_ lines: [ManifestReader.Line]) throws(BatchProblem) -> JobWindow {
        var crops: [CropPlanner.Planned] = []
        var problems: [BatchProblem] = []
        var warnings = LineWarnings()
        var claimed: [String: Int] = [:]
        for line in lines {
            let entry: ManifestEntry
            switch line {
            case .failure(let problem):
                problems.append(problem)
                continue
            case .success(let value): entry = value
            }
            let count = counts[entry.input.hashValue, default: 0] + 1
            counts[entry.input.hashValue] = count
            let planned = planner.item(
                entry, file: stream.path, base: base, number: count,
                fallback: OutputTemplate("{dir}/{stem}-{n}.{ext}"), warn: { warnings.add(line: entry.line, $0) })
            switch planned {
            case .failure(let problem): problems.append(problem)
            case .success(let item):
                if let reason = claim(item.output, line: entry.line, claimed: &claimed) {
                    problems.append(BatchProblem(stream.path, line: entry.line, field: "output", reason))
                    continue
                }
                crops.append((entry.input, item, nil))
            }
        }
        let (cropJobs, previewProblems) = planner.jobs(crops, firstOrder: jobsSoFar)
        let jobs = cropJobs.map(Job.crop)
        jobsSoFar += jobs.count
        var window = JobWindow(
            jobs: jobs, problems: problems + previewProblems, lineWarnings: warnings, expectedItems: 0)
        itemsSoFar += window.itemCount
        window.expectedItems = expected()
        window.isLast = stream.finished
        return window
    }

    /// Why line `line` cannot claim `output` (an earlier line has it), or nil once claimed.
    private func claim(_ output: String, line: Int, claimed: inout [String: Int]) -> String? {
        if let first = claimed[output] { return "'\(output)' is already the output of line \(first)" }
        guard digests.insert(output) else { return "'\(output)' is already the output of an earlier line" }
        claimed[output] = line
        return nil
    }

    /// The run's items as far as is known: those planned, scaled by the bytes left to read.
    private func expected() -> Int {
        guard !stream.finished, let size = stream.size, stream.consumed > 0, size > stream.consumed else {
            return itemsSoFar
        }
        return max(itemsSoFar + 1, Int((Double(itemsSoFar) * Double(size) / Double(stream.consumed)).rounded()))
    }
}
