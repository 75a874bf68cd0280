import Foundation
import LightboxGeometry
import LightboxRender
import Vips

/// What became of one crop of a job where its pixels are (a worker, or a library caller's
/// process), as a typed value: the supervisor makes its record from it (`CropRecords.record`).
/// `index` is the crop's place among the items of the job that was sent.
package enum CropReport: Codable, Sendable {
    /// Crop `index` was cut (or planned, in a dry run), or failed while being cut; `clipped` is
    /// whether its rect was clipped to the image, in planning or once the image's size was known.
    case cut(index: Int, outcome: CropOutcome, clipped: Bool)
    /// Crop `index` was left as it was: `--resume` met its output whole.
    case skipped(index: Int)
    /// Crop `index` was refused before being cut, for `reason` (its input's, or its rect's), with
    /// its rect as settled so far (in `units`) and the image's displayed size once read;
    /// `printsError` is false when an earlier crop of the job said the same; `warnings` are the
    /// input's decoder's, when its header could not be read.
    case refused(
        index: Int, rect: CGRect, units: RectUnits, reason: String, image: ImageSize?, printsError: Bool,
        warnings: DecoderWarnings = DecoderWarnings())
    /// A preview of the job could not be drawn or written; `origin` is the crop whose place names it.
    case preview(RenderError, origin: Int?)

    /// The crop the report is about; nil for a preview's.
    package var index: Int? {
        switch self {
        case .cut(let index, _, _), .skipped(let index), .refused(let index, _, _, _, _, _, _): return index
        case .preview: return nil
        }
    }

    /// Whether the crop failed for needing more memory than the worker's limit.
    package var isOverMemoryLimit: Bool {
        switch self {
        case .cut(_, let outcome, _): return outcome.error?.isOverMemoryLimit == true
        case .refused(_, _, _, let reason, _, _, _): return RenderError.isOverMemoryLimit(reason)
        case .skipped, .preview: return false
        }
    }
}
