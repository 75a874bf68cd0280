import LightboxRender
import LightboxWorkers

/// The supervisor's side of `board`: each card's photo is decoded in a worker; the cards are drawn here.
struct BoardPhotoDispatch: Sendable {
    /// The workers that decode.
    let pool: WorkerPool

    /// Decodes each card's photo in a worker, as `BoardRenderer` asks for it.
    var decoder: BoardRenderer.PhotoDecoder {
        { [self] path, side, limits throws(RenderError) in
            guard let image = try square(path, side: side, limits: limits)?.image else {
                throw RenderError(path, "a worker's pixels could not be read")
            }
            return image
        }
    }

    /// The photo at `path` as a square of `side` pixels, decoded in a worker (`CardPhoto.square`'s
    /// contract); nil when the worker could not read its pixels out.
    private func square(_ path: String, side: Int, limits: CardPhoto.Limits) throws(RenderError) -> PixelBuffer? {
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
            return try WorkerImage.read(from: &reader)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(path, "a worker gave an answer that could not be read")
        }
    }
}
