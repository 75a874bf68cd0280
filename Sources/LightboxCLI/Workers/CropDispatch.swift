import Foundation
import LightboxRender

/// The supervisor's side of `crop`: each job goes to a worker; a worker that dies or hangs fails that job's items.
struct CropDispatch: Sendable {
    let pool: WorkerPool
    let options: CropOptions
    /// Where the workers' previews go, when a contact sheet is asked for.
    let sheet: ContactSheet?

    /// Crops one input in a worker and returns its records.
    func run(_ job: CropJob) -> [BatchRecord] {
        var request = WireWriter()
        job.write(to: &request)
        switch pool.perform(request.bytes, folders: folders(of: job)) {
        case .failure(let failure):
            return failed(job, reason: failure.reason)
        case .success(let answer):
            var reader = WireReader(answer)
            do {
                let records = try reader.list { (wire: inout WireReader) throws(WireReader.Malformed) in try BatchRecord.read(from: &wire) }
                let previews = try reader.list { (wire: inout WireReader) throws(WireReader.Malformed) in
                    ((try wire.int(), try wire.int()), try WorkerImage.read(from: &wire))
                }
                for (order, image) in previews { if let image { sheet?.add(image, order: order) } }
                return records
            } catch {
                return failed(job, reason: "a worker gave an answer that could not be read")
            }
        }
    }

    /// One failed record per item of a job whose worker gave no answer.
    private func failed(_ job: CropJob, reason: String) -> [BatchRecord] {
        zip(job.items, job.origins).map { item, origin in
            let fields = CropWork.fields(CropOutcome(input: job.input, output: item.output, rect: item.rect))
            let message = origin.isEmpty ? "\(job.input): \(reason)" : "\(origin): \(job.input): \(reason)"
            return BatchRecord(status: .failed, fields: fields, error: message, milliseconds: 0)
        }
    }

    /// The folders a job writes into: its outputs' and its previews'.
    private func folders(of job: CropJob) -> [String] {
        var paths = job.items.map(\.output)
        if let template = options.preview {
            paths += job.items.indices.map { template.path(input: job.input, number: $0 + 1) }
        }
        return Array(Set(paths.map { ($0 as NSString).deletingLastPathComponent }))
    }
}
