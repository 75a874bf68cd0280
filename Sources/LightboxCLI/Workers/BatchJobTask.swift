import Foundation
import LightboxRender
import LightboxWorkers

/// A `batch` worker: runs one whole job (decode, render, write) and answers with its JSON object.
struct BatchJobTask: WorkerTask {
    /// The defaults and the readers of each command's job fields.
    let runner: BatchJobRunner

    /// libvips as the batch runner sets it: `cores / jobs` threads, a bounded cache (a long-lived
    /// worker's memory stays flat however many jobs it runs).
    func prepare() {
        LibvipsSettings.forWorker(jobs: runner.jobs)
    }

    /// Reads the job's number, command and fields, runs it and answers whether it was done and its object.
    func perform(_ request: [UInt8]) -> [UInt8] {
        var reader = WireReader(request)
        var answer = WireWriter()
        guard let number = try? reader.int(), let command = try? reader.string(), let body = try? reader.string() else {
            BatchAnswer.write(
                done: false,
                object: BatchRecord(
                    status: .failed, fields: [], error: "a worker could not read its request", milliseconds: 0
                ).json, to: &answer)
            return answer.bytes
        }
        let result = runner.run(command, body: body, number: number)
        BatchAnswer.write(done: result.done, object: result.object, to: &answer)
        return answer.bytes
    }
}
