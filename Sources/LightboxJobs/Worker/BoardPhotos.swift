import LightboxRender

/// A board's photos as the supervisor's workers decoded them, each once per path and side: what
/// the worker that draws and writes the board is given instead of opening the photos itself.
///
/// The photos are decoded one request each in other workers, so a photo that crashes or hangs its
/// decoder costs that card alone; the board is drawn and written in one more worker, under the
/// job's timeout and memory limit, so the supervisor opens none of the files a job names.
package struct BoardPhotos: Codable, Sendable {
    /// A photo's square, or why it could not be decoded.
    package enum Decoded: Codable, Sendable {
        /// The square's pixels.
        case pixels(PixelBuffer)
        /// The photo's failure, as its worker gave it.
        case failed(RenderError)
    }

    /// One photo at one side.
    package struct Entry: Codable, Sendable {
        /// Which photo, at which side.
        package let request: BoardPlan.PhotoRequest
        /// What its worker gave.
        package let decoded: Decoded
    }

    /// Every distinct photo and side of the board.
    package let entries: [Entry]

    /// Makes the table.
    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// The decoder a `BoardRenderer` in the drawing worker uses: each card's square looked up,
    /// a photo missing from the table failing as not decoded.
    package var decoder: BoardRenderer.PhotoDecoder {
        let table = Dictionary(entries.map { ($0.request, $0.decoded) }) { first, _ in first }
        return { path, side, _ throws(RenderError) in
            switch table[BoardPlan.PhotoRequest(path: path, side: side)] {
            case .pixels(let pixels)?:
                guard let image = pixels.image else { throw RenderError(path, "a worker's pixels could not be read") }
                return image
            case .failed(let error)?: throw error
            case nil: throw RenderError(path, "the photo was not decoded")
            }
        }
    }
}
