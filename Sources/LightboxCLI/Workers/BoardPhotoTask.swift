import LightboxRender
import LightboxWorkers

/// A board worker: decodes one card's photo to its square and answers with the pixels or the error.
struct BoardPhotoTask: WorkerTask {
    /// One libvips thread per worker: the cards already run side by side, one worker each.
    func prepare() {
        LibvipsSettings.singleThreaded()
    }

    /// Reads path, side, `fail_on` and the pixel limit; answers the square's pixels, or the error's path and reason.
    func perform(_ request: [UInt8]) -> [UInt8] {
        var reader = WireReader(request)
        var answer = WireWriter()
        guard let path = try? reader.string(), let side = try? reader.int(), let failOn = try? reader.string(),
            let maxPixels = try? reader.int()
        else {
            BoardPhotoTask.fail(RenderError("board", "a worker could not read its request"), into: &answer)
            return answer.bytes
        }
        WorkerFault.inject(for: path)
        do {
            let square = try CardPhoto.square(
                path, side: side, limits: CardPhoto.Limits(failOn: failOn, maxPixels: maxPixels))
            answer.bool(true)
            WorkerImage.write(PixelBuffer(square), to: &answer)
        } catch {
            BoardPhotoTask.fail(error, into: &answer)
        }
        return answer.bytes
    }

    /// Appends a failure answer.
    private static func fail(_ error: RenderError, into answer: inout WireWriter) {
        answer.bool(false)
        answer.string(error.path)
        answer.string(error.reason)
    }
}
