/// Runs jobs where their pixels are decoded: in supervised worker processes (the command line) or
/// in this process (a library caller); the runner around it is the same.
package protocol JobExecutor: Sendable {
    /// Runs `job`, giving each item's record (rendered here, in the supervisor, from what the job
    /// reported) to `record` as the item ends; returns the previews a contact sheet asks for.
    func run(_ job: Job, context: WorkerContext, record: (BatchRecord) -> Void) -> [SheetPreview]
}
