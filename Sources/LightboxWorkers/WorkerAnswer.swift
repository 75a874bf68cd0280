/// A worker's answer to one request, and whether the worker should leave after sending it.
package struct WorkerAnswer: Sendable {
    /// The answer's body.
    package var bytes: [UInt8]
    /// The request went over the worker's memory limit: its heap may be left fragmented or half
    /// torn down by a decoder that failed mid-allocation, so the worker exits after answering and
    /// the supervisor starts a fresh one.
    package var retire: Bool

    /// Makes an answer.
    package init(_ bytes: [UInt8], retire: Bool = false) {
        self.bytes = bytes
        self.retire = retire
    }
}
