import LightboxRender
import LightboxWorkers
import Vips

/// What a worker says back to the supervisor, as a typed value encoded as its request is
/// (`WorkerMessage`): the supervisor renders every record from it. A crop job's progress comes
/// ahead of its answer, one message each.
package enum WorkerReply: Codable, Sendable {
    /// A crop job's input was opened, or one of its crops ended (ahead of the answer).
    case crop(CropProgress)
    /// A crop job ended: the previews its contact sheet asks for.
    case previews([SheetPreview])
    /// A viewer job ended.
    case view(ViewReport)
    /// A board's photo, decoded.
    case pixels(PixelBuffer)
    /// A board's photo, decoded despite its decoder's warnings.
    case warned(PixelBuffer, DecoderWarnings)
    /// A board's photo that could not be decoded.
    case failed(RenderError)
    /// A board was drawn and written, or why not.
    case board(BoardReport)
    /// What is at a board's output (`ExistingOutput.look`).
    case existing(ExistingOutput)
    /// The request could not be read.
    case unreadable

    /// The reply as bytes for the pipe.
    package var bytes: [UInt8] {
        WorkerMessage.bytes(of: self)
    }

    /// Reads a reply a worker sent; nil when the bytes are not one.
    package init?(bytes: [UInt8]) {
        guard let reply = WorkerMessage.value(WorkerReply.self, from: bytes) else { return nil }
        self = reply
    }
}
