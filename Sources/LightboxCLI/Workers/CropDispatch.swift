import Foundation
import LightboxRender
import LightboxWorkers

/// The supervisor's side of `crop`: each job goes to a worker; a worker that dies or hangs fails that job's items.
struct CropDispatch: Sendable {
    /// The workers that crop.
    let pool: WorkerPool
    /// The checked command line.
    let options: CropOptions
    /// Where the workers' previews go, when a contact sheet is asked for.
    let sheet: ContactSheet?
    /// Items that crashed or timed out in earlier runs of a resumed batch.
    let ledger: CrashLedger

    /// Crops one input in a worker and returns its records; items `--resume` gave up on, or knows
    /// to be finished, are not sent (a replacement worker, spawned anew, could not tell the latter:
    /// the report it would read is the one this run is rewriting).
    func run(_ job: CropJob) -> [BatchRecord] {
        var job = job
        var records: [BatchRecord] = []
        if options.batch.resume && !options.dryRun {
            let ledger = ResumeLedger.forRun(options.batch)
            let finished = job.items.indices.filter { ledger.isFinished(job.items[$0].output) }
            records = finished.map { CropWork.skipped(input: job.input, output: job.items[$0].output) }
            for index in finished.reversed() {
                job.items.remove(at: index)
                job.origins.remove(at: index)
            }
            if job.items.isEmpty { return records }
        }
        let kept = job.items.indices.filter { !ledger.gaveUp(on: job.items[$0].output) }
        if kept.count < job.items.count {
            var given = job
            given.items = job.items.indices.filter { !kept.contains($0) }.map { job.items[$0] }
            given.origins = job.items.indices.filter { !kept.contains($0) }.map { job.origins[$0] }
            records += failed(given, reason: nil)
            (job.items, job.origins) = (kept.map { job.items[$0] }, kept.map { job.origins[$0] })
            if job.items.isEmpty { return records }
        }
        return records + send(job)
    }

    /// Sends one job to a worker and reads its records and previews; a batch's output folders
    /// are made here first, so they exist from the start whatever the worker does.
    private func send(_ job: CropJob) -> [BatchRecord] {
        var request = WireWriter()
        job.write(to: &request)
        let folders = folders(of: job)
        if options.source.isBatch && !options.dryRun {
            for folder in Set(job.items.map { ($0.output as NSString).deletingLastPathComponent }) where !folder.isEmpty
            {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        switch pool.perform(request.bytes, folders: folders) {
        case .failure(let failure):
            return failed(
                job, reason: failure, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        case .success(let answer):
            var reader = WireReader(answer)
            do {
                var records = try reader.list { (wire: inout WireReader) throws(WireReader.Malformed) in
                    try BatchRecord.read(from: &wire)
                }
                let previews = try reader.list { (wire: inout WireReader) throws(WireReader.Malformed) in
                    ((try wire.int(), try wire.int()), try WorkerImage.read(from: &wire)?.image)
                }
                for case (let order, let image?) in previews {
                    do throws(RenderError) {
                        try sheet?.add(image, order: order, input: job.input)
                    } catch {
                        records.append(
                            BatchRecord(
                                status: .failed, fields: [("input", .string(job.input))], error: error.description,
                                milliseconds: 0))
                    }
                }
                return records
            } catch {
                return failed(job, reason: .unavailable("its answer could not be read"))
            }
        }
    }

    /// One failed record per item of a job whose worker gave no answer (`failure`), or that
    /// `--resume` gave up on (nil); each counts the runs its decoder crashed or timed out in.
    /// The input's one cause is printed once, with its first item.
    private func failed(_ job: CropJob, reason failure: WorkerFailure?, milliseconds: Double = 0) -> [BatchRecord] {
        zip(job.items, job.origins).enumerated().map { index, pair in
            let (item, origin) = pair
            var fields = CropWork.fields(CropOutcome(input: job.input, output: item.output, rect: item.rect))
            let crashes = ledger.crashes(of: item.output) + (failure?.isDecoderFault ?? false ? 1 : 0)
            if crashes > 0 { fields.append((CrashLedger.field, .int(crashes))) }
            let reason = failure?.reason ?? CrashLedger.gaveUpReason(crashes)
            let message = origin.isEmpty ? "\(job.input): \(reason)" : "\(origin): \(job.input): \(reason)"
            return BatchRecord(
                status: .failed, fields: fields, error: message, milliseconds: milliseconds, printsError: index == 0)
        }
    }

    /// The folders a job writes into: its outputs' and its previews'.
    private func folders(of job: CropJob) -> [String] {
        var paths = job.items.map(\.output).filter { $0 != OutputPath.standardOutput }
        if let template = options.preview {
            paths += job.items.indices.map { template.path(input: job.input, number: $0 + 1) }
        }
        return Array(Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }))
    }
}
