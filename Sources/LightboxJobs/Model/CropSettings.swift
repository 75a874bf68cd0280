import LightboxGeometry
import LightboxRender
import Vips

/// What every crop of a run shares: how outputs are written and how inputs are read.
package struct CropSettings: Codable, Sendable, Equatable {
    /// Quality, metadata and replacing; each item's own `[...]` options are added to these.
    package var save: SaveOptions
    /// The smallest side a crop may have (`--min-side`).
    package var minimumSide: CropRect.MinimumSide?
    /// libvips' `fail_on` for loading.
    package var failOn: FailOn
    /// The most pixels an input may declare (0: no limit).
    package var maxPixels: Int
    /// `--resize`, `--fit`, `--pad-colour`: what every crop is resampled to.
    package var resize: CropResize?
    /// The cut every crop gets unless its line says otherwise (`--oriented`, `--mask`, `--lossless`, `--background`).
    package var cut = CropCut.bounds
    /// Refuse rects partly outside the image instead of clipping them (`--strict`).
    package var strict = false
    /// Plan only: read headers, predict failures, write nothing.
    package var dryRun = false
    /// The crop screen whose points previews' strokes are in; nil when no preview is drawn.
    package var previewScreen: CropScreen?
    /// Whether previews go to a contact sheet drawn by the supervisor.
    package var contactSheet = false
    /// Whether contact sheet labels name the class and box (a dataset) rather than the crop's number.
    package var labelsByClass = false

    /// Makes settings.
    package init(save: SaveOptions, failOn: FailOn = .standard, maxPixels: Int = SourceImage.defaultMaxPixels) {
        self.save = save
        self.failOn = failOn
        self.maxPixels = maxPixels
    }

    /// The save options of one item's output: the job's, then its own `[...]`.
    package func save(for item: CropItem) -> SaveOptions {
        var options = save
        options.saverSettings = item.saverSettings
        return options
    }
}
