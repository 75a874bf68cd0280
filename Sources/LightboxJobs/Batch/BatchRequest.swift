import LightboxFormats

/// One `lightbox batch` line as the server runs it: the client's id, the typed job, and for a crop
/// job given as `crops` the place of each crop, so the answer lists every crop in the order asked,
/// those refused before any work among them.
package struct BatchRequest: Sendable {
    /// What became of one of the crops listed under `crops`.
    package enum Slot: Sendable {
        /// Planned, writing this output: its record comes from the job.
        case planned(output: String)
        /// Refused before any work, with its failed record.
        case refused(BatchRecord)
    }

    /// The client's id, echoed.
    package let id: BatchID
    /// The job to run; nil when every crop of a `crops` list was refused.
    package var job: Job?
    /// The crops in the order `crops` listed them; nil for a job given without `crops`.
    package let slots: [Slot]?
    /// Seconds each of the job's worker requests may take, the job's own `timeout` (the server's by default).
    package var timeout: Double?
    /// The warnings planning the job gave, first in its answer.
    package var warnings: [String] = []
    /// The job's line number in its input (0 until `BatchLine` plans it).
    package var line = 0

    /// Makes a request.
    package init(id: BatchID, job: Job?, slots: [Slot]? = nil) {
        self.id = id
        self.job = job
        self.slots = slots
    }

    /// The records of the job's run put in the order of `slots` (a crop's record by its output;
    /// any record of no crop, such as a preview's, after them).
    package func ordered(_ records: [BatchRecord]) -> [BatchRecord] {
        guard let slots else { return records }
        var left = records
        var ordered: [BatchRecord] = []
        for slot in slots {
            switch slot {
            case .refused(let record): ordered.append(record)
            case .planned(let output):
                if let index = left.firstIndex(where: { $0.output == output }) {
                    ordered.append(left.remove(at: index))
                }
            }
        }
        return ordered + left
    }
}
