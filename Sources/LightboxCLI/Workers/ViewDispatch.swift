import Foundation
import LightboxFormats
import LightboxRender
import LightboxWorkers

/// The supervisor's side of `view`: the snapshot or each manifest line is rendered in a worker.
struct ViewDispatch: Sendable {
    /// The workers that render.
    let pool: WorkerPool
    /// Lines that crashed or timed out in earlier runs of a resumed batch.
    var ledger = CrashLedger(report: nil)

    /// Renders the command line's snapshot in a worker; one error line and exit 1 if it fails.
    func single(_ options: ViewOptions, console: Console) -> Int32 {
        let folder = URL(fileURLWithPath: options.request.output).deletingLastPathComponent().path
        switch pool.perform([], folders: [folder]) {
        case .failure(let failure):
            console.error("\(ViewWorkerTask.shownInput(options.request)): \(failure.reason)")
            return ExitCode.failure
        case .success(let answer):
            var reader = WireReader(answer)
            guard let (error, json) = try? (reader.optional(), reader.string()) else {
                console.error(
                    "\(ViewWorkerTask.shownInput(options.request)): a worker gave an answer that could not be read")
                return ExitCode.failure
            }
            if let error {
                console.error(error)
                return ExitCode.failure
            }
            if options.dryRun || options.json { console.out(json) }
            return ExitCode.success
        }
    }

    /// Renders one manifest line of `batch` in a worker and returns its record.
    func line(_ line: StateManifest.Line, of batch: ViewBatch) -> BatchRecord {
        guard case .success(let arguments) = line.result,
            case .success(let options) = batch.options(arguments, line: line.number)
        else {
            return batch.render(line, console: Console())
        }
        var request = WireWriter()
        request.int(line.number)
        request.list(arguments) { $0.string($1) }
        let output = options.request.output
        let input = ViewWorkerTask.shownInput(options.request)
        var fields: [(String, JSONValue)] = [("input", .string(input)), ("output", .string(output))]
        let place = "\(batch.manifest):\(line.number): \(input)"
        if ledger.gaveUp(on: output) {
            fields.append((CrashLedger.field, .int(ledger.crashes(of: output))))
            return BatchRecord(
                status: .failed, fields: fields,
                error: "\(place): \(CrashLedger.gaveUpReason(ledger.crashes(of: output)))", milliseconds: 0)
        }
        if let skipped = batch.skipped(output) { return skipped }
        let start = DispatchTime.now().uptimeNanoseconds
        switch pool.perform(request.bytes, folders: [URL(fileURLWithPath: output).deletingLastPathComponent().path]) {
        case .failure(let failure):
            if failure.isDecoderFault { fields.append((CrashLedger.field, .int(ledger.crashes(of: output) + 1))) }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return BatchRecord(
                status: .failed, fields: fields, error: "\(place): \(failure.reason)", milliseconds: milliseconds)
        case .success(let answer):
            var reader = WireReader(answer)
            guard let record = try? BatchRecord.read(from: &reader) else {
                return BatchRecord(
                    status: .failed, fields: [("output", .string(output))],
                    error: "\(batch.manifest):\(line.number): a worker gave an answer that could not be read",
                    milliseconds: 0)
            }
            return record
        }
    }
}
