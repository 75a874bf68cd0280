/// `board`'s workers decode card photos.
extension BoardCommand: WorkerHosting {
    /// The card-photo task (everything it needs comes with each request).
    func workerTask() -> any WorkerTask {
        BoardPhotoTask()
    }
}
