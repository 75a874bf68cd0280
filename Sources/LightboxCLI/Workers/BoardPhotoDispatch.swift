import LightboxRender
import LightboxWorkers
import Vips

/// The supervisor's side of `board`: each card's photo is decoded in a worker; the cards are drawn here.
struct BoardPhotoDispatch: Sendable {
    /// The workers that decode.
    let pool: WorkerPool

    /// The photo at `path` as a square of `side` pixels, decoded in a worker (`CardPhoto.square`'s contract).
    func square(_ path: String, side: Int, limits: CardPhoto.Limits) throws(RenderError) -> VImage {
        var request = WireWriter()
        request.string(path)
        request.int(side)
        request.string(limits.failOn)
        request.int(limits.maxPixels)
        let answer: [UInt8]
        switch pool.perform(request.bytes, folders: []) {
        case .failure(let failure): throw RenderError(path, failure.reason)
        case .success(let bytes): answer = bytes
        }
        var reader = WireReader(answer)
        do {
            guard try reader.bool() else { throw RenderError(try reader.string(), try reader.string()) }
            guard let image = try WorkerImage.read(from: &reader) else {
                throw RenderError(path, "a worker's pixels could not be read")
            }
            return image
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(path, "a worker gave an answer that could not be read")
        }
    }
}
