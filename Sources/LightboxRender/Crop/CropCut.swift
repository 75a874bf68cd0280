import LightboxGeometry

/// How a crop is cut from its photo: its rect as it is (every crop until now), an oriented box
/// turned upright, a shape kept with everything outside it transparent, or a JPEG cut without
/// re-encoding. The command line's `--oriented`, `--mask`, `--lossless` and `--background`.
package struct CropCut: Sendable, Equatable, Codable {
    /// How an oriented box is cut.
    package enum Oriented: String, Sendable, CaseIterable, Codable {
        /// The axis-aligned rect holding the box (the default).
        case bounds
        /// The box's own width x height, turned so its top edge is level (one bicubic resample).
        case upright
    }

    /// How an oriented box is cut.
    package var oriented: Oriented
    /// Keep only the inside of the shape (polygon, mask, oriented box): transparent outside for
    /// outputs with alpha, flattened onto `background` for JPEG.
    package var mask: Bool
    /// Cut a JPEG into a JPEG on its iMCU grid without re-encoding.
    package var lossless: Bool
    /// The colour a JPEG output gets where the cut has no photo (outside a mask, beyond the photo's edge).
    package var background: BoardColor

    /// Makes a cut; the default is the rect as it is, white behind a flattened mask.
    package init(
        oriented: Oriented = .bounds, mask: Bool = false, lossless: Bool = false,
        background: BoardColor = BoardColor(red: 1, green: 1, blue: 1)
    ) {
        self.oriented = oriented
        self.mask = mask
        self.lossless = lossless
        self.background = background
    }

    /// The cut every crop had before shapes: the rect, re-encoded.
    package static let bounds = CropCut()

    /// Why this cut cannot be made of an item with `shape` (nil: a plain rect), or nil when it can.
    package func conflict(shape: CropShape?) -> String? {
        if lossless && mask { return "a lossless cut keeps whole JPEG blocks: it cannot mask a shape" }
        if lossless && oriented == .upright, case .oriented = shape {
            return "a lossless cut keeps whole JPEG blocks: it cannot turn an oriented box upright"
        }
        return nil
    }

    /// Why this cut cannot be written in `format` (nil: a name Lightbox does not write), or nil
    /// when it can: a lossless cut writes JPEG only.
    package func outputProblem(_ format: OutputFormat?) -> String? {
        guard lossless, format != .jpeg else { return nil }
        return "a lossless cut writes JPEG: name the output .jpg or .jpeg"
    }

    /// Whether the item is an oriented box cut upright.
    func isUpright(_ shape: CropShape?) -> Bool {
        guard oriented == .upright, case .oriented = shape else { return false }
        return true
    }
}
