import Foundation
import LightboxGeometry
import LightboxRender

/// One crop of a job: its rect as asked, the output it goes to, and what the run knows of it.
///
/// Built once in the supervisor, whatever door it came in by (flags, CSV, JSON Lines, a dataset,
/// a batch line): the rect is checked there (a rect in pixels only once the worker has the
/// image's size) and the output resolved and confined; the worker only renders and writes.
package struct CropItem: Codable, Sendable {
    /// The rect: normalized and checked (`fraction`), or in pixels of the displayed image, checked against it in the worker.
    package var rect: CGRect
    /// Whether `rect` is a fraction of the image or its pixels.
    package var units: RectUnits
    /// Grow the short side to make the crop square (datasets' `--square`).
    package var square: Bool
    /// The oriented box, polygon or mask the rect came from (a line's `angle`, a dataset's shape);
    /// nil for a plain rect. A turned rect in pixels (`units` px) is normalized with `rect`.
    package var shape: CropShape?
    /// How the crop is cut: the rect as it is, an oriented box upright, a shape masked, lossless.
    package var cut = CropCut.bounds
    /// The output path, resolved and checked.
    package var output: String
    /// Save options written in the output's name (`[Q=90]`), applied after the job's own.
    package var saverSettings: SaverSettings
    /// The `--preview` path for this crop, if previews are asked for.
    package var preview: String?
    /// Where the crop was asked for.
    package var origin: JobOrigin
    /// Whether the rect was clipped to the image (reported as `"clipped": true`).
    package var clipped = false
    /// `--resume` met the output on disk unrecorded, or the job asked `skipExisting`: the worker
    /// skips it when it is a whole image of its format.
    package var skipIfWhole = false
    /// With `skipIfWhole`, whether an output there that is not a whole image of its format is
    /// replaced (`--force`) rather than failing the crop.
    package var replacesNotWhole = false
    /// Earlier runs in which this crop's decoder crashed or timed out (from the journal).
    package var crashes = 0

    /// Makes an item.
    package init(
        rect: CGRect, units: RectUnits = .fraction, square: Bool = false, output: String,
        saverSettings: SaverSettings = SaverSettings(),
        preview: String? = nil, origin: JobOrigin
    ) {
        self.rect = rect
        self.units = units
        self.square = square
        self.output = output
        self.saverSettings = saverSettings
        self.preview = preview
        self.origin = origin
    }
}
