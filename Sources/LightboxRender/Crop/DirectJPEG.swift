import LightboxGeometry
import Vips

/// The plain JPEG crops of one photo compressed straight from the region decoder's union in
/// memory (`AtomicWriter.write(_:with:to:input:)`): the bytes the usual path writes, without a
/// libvips crop, the saveable steps and a region per crop, which cost a dataset's small crops
/// more than their compression (issue 39). Anything else takes the usual path.
final class DirectJPEG {
    /// The photo's region decoder, which holds the union.
    private let regions: RegionCrops
    /// The writer of the crops.
    private let writer: AtomicWriter
    /// The encoder of every crop once settled; nil before, `.some(nil)` when the usual path must write them.
    private var encoder: JPEGEncoder??

    /// The direct path for the crops `regions` serves from one union, or nil when there is none
    /// to serve them (no region decoder or union, `--resize`, libvips' JPEG writer asked for).
    init?(regions: (any CropRegions)?, resize: CropResize?, writer: AtomicWriter) {
        guard resize == nil, !JPEGEncoder.disabled, let regions = regions as? RegionCrops, regions.union != nil else {
            return nil
        }
        self.regions = regions
        self.writer = writer
    }

    /// Writes `item`'s crop `pixels` (on the displayed image) of `input` to its `format` output and
    /// returns true, or returns false when the usual path must: not a plain crop to a JPEG with the
    /// run's own save options, a part the union does not hold, or a failure blamed on the input
    /// (which the usual path meets again and reports in its own words).
    func write(_ item: Cropper.Item, pixels: PixelRect, format: OutputFormat, input: String) throws(RenderError) -> Bool
    {
        guard format == .jpeg, item.saverSettings.isEmpty, !item.cut.mask, !item.cut.lossless,
            let (rows, photo) = regions.unionRows(pixels)
        else { return false }
        if encoder == nil { encoder = .some(writer.jpegEncoder(forCropsOf: photo)) }
        guard let encoder = encoder ?? nil else { return false }
        do {
            try writer.write(rows, with: encoder, to: item.output, input: input)
            return true
        } catch  where error.path == input {
            return false
        }
    }
}
