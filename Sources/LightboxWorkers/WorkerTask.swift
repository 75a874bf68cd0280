/// The command-specific half of a worker: what it does with one request, in the worker process.
package protocol WorkerTask: Sendable {
    /// Sets the worker up once before its first request (libvips' threads and cache).
    func prepare()

    /// Does the job a request describes and returns the answer; never throws (a failure is an answer).
    func perform(_ request: [UInt8]) -> [UInt8]
}
