/// The job-specific half of a worker: what it does with one request, in the worker process.
package protocol WorkerTask: Sendable {
    /// Sets the worker up once before its first request (starts libvips).
    func prepare()

    /// Does the work a request describes and returns the answer; never throws (a failure is an
    /// answer). `interim` sends a message ahead of the answer, such as one item of a job finished,
    /// so the supervisor learns of it even if the worker dies before the end.
    func perform(_ request: [UInt8], interim: ([UInt8]) -> Void) -> WorkerAnswer

    /// Runs after each request, before its answer goes out (a debug build's report for tests).
    func finishRequest()
}

extension WorkerTask {
    /// Nothing to do after a request.
    package func finishRequest() {}
}
