import LightboxRender

/// A crop's preview for the contact sheet, drawn where the pixels are and added to the sheet by
/// the supervisor: its place in the run (the job's order, the crop's) and its pixels.
package struct SheetPreview: Codable, Sendable {
    /// The job's place in the run.
    package let job: Int
    /// The crop's place among the job's crops that were cut.
    package let crop: Int
    /// The preview's pixels; nil when they could not be read out.
    package let pixels: PixelBuffer?

    /// Makes a preview.
    package init(job: Int, crop: Int, pixels: PixelBuffer?) {
        self.job = job
        self.crop = crop
        self.pixels = pixels
    }
}
