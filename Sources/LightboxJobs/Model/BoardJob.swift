import LightboxRender

/// One board: the plan (photos, offsets, stacking, drag) and how to draw and write it.
///
/// Its photos are decoded in workers, one request per photo, so a photo that crashes or hangs its
/// decoder costs that card alone; then one more worker draws and writes it (`BoardDrawing`).
package struct BoardJob: Sendable, Codable {
    /// The board, its cards and their look.
    package var plan: BoardPlan
    /// The image to write.
    package var output: String
    /// Quality and replacing (a board never carries its photos' metadata).
    package var save: SaveOptions
    /// Draw an empty card for a photo that cannot be read, instead of leaving it out.
    package var placeholder: Bool
    /// `fail_on` and the pixel limit for the photos.
    package var limits: CardPhoto.Limits
    /// Where the board was asked for.
    package var origin: JobOrigin
    /// Leave an existing output that is a whole image of its format (read in a worker) as it is,
    /// answered `skipped` (`skipExisting`).
    package var skipIfWhole = false
    /// With `skipIfWhole`, whether an output there that is not a whole image of its format is
    /// replaced (`--force`) rather than failing the board.
    package var replacesNotWhole = false

    /// Makes a job.
    package init(
        plan: BoardPlan, output: String, save: SaveOptions, placeholder: Bool, limits: CardPhoto.Limits,
        origin: JobOrigin
    ) {
        self.plan = plan
        self.output = output
        self.save = save
        self.placeholder = placeholder
        self.limits = limits
        self.origin = origin
    }
}
