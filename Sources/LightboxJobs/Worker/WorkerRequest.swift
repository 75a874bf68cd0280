import LightboxRender
import LightboxSystem
import LightboxWorkers

/// What the supervisor asks of a worker, as a typed value encoded once and decoded once
/// (`WorkerMessage`); the worker answers with a `WorkerReply`, encoded the same way.
package enum WorkerRequest: Codable, Sendable {
    /// Crop one input: decode, cut and write every item, reporting each as it is written.
    case crop(CropJob, WorkerContext)
    /// Render and write one viewer snapshot or animation.
    case view(ViewJob, WorkerContext)
    /// Decode one card's photo to its centre square of `side` pixels, for a board drawn in another
    /// worker; the photo is opened through `roots` when the run has them.
    case cardPhoto(path: String, side: Int, limits: CardPhoto.Limits, roots: PathRoots?)
    /// Draw and write a board from its decoded photos: its background image is read and its
    /// output written here, through the context's roots (`BoardDrawing`).
    case board(BoardJob, BoardPhotos, WorkerContext)
    /// Say what is at the output `path` (a board's `skipExisting`): nothing, a whole image in
    /// `format`, or something else (`ExistingOutput.look`), read through `roots` when the run has
    /// them: the supervisor opens no file a job names and decodes no image.
    case existingOutput(path: String, format: OutputFormat?, roots: PathRoots?)

    /// The request as bytes for the pipe.
    package var bytes: [UInt8] {
        WorkerMessage.bytes(of: self)
    }

    /// Reads a request the supervisor encoded; nil when the bytes are not one.
    package init?(bytes: [UInt8]) {
        guard let request = WorkerMessage.value(WorkerRequest.self, from: bytes) else { return nil }
        self = request
    }
}
