import LightboxRender
import Vips

/// One viewer snapshot or animation: the request as the renderer takes it, and how to write it.
package struct ViewJob: Codable, Sendable {
    /// The pages, state, output and animation.
    package var request: ViewRequest
    /// Quality and replacing (a snapshot never carries its inputs' metadata).
    package var save: SaveOptions
    /// libvips' `fail_on` for loading.
    package var failOn: FailOn
    /// The most pixels an input may declare (0: no limit).
    package var maxPixels: Int
    /// Plan only: lay out and print, write nothing.
    package var dryRun = false
    /// Where the snapshot was asked for.
    package var origin: JobOrigin
    /// `--resume` met the output on disk unrecorded, or the job asked `skipExisting`: the worker
    /// skips it when it is a whole image of its format.
    package var skipIfWhole = false
    /// With `skipIfWhole`, whether an output there that is not a whole image of its format is
    /// replaced (`--force`) rather than failing the snapshot.
    package var replacesNotWhole = false
    /// Earlier runs in which this snapshot's decoder crashed or timed out (from the journal).
    package var crashes = 0

    /// Makes a job.
    package init(request: ViewRequest, save: SaveOptions, failOn: FailOn, maxPixels: Int, origin: JobOrigin) {
        self.request = request
        self.save = save
        self.failOn = failOn
        self.maxPixels = maxPixels
        self.origin = origin
    }

    /// The page shown, the input a decoder failure is blamed on.
    package var shownInput: String {
        request.inputs.indices.contains(request.shownPage) ? request.inputs[request.shownPage] : request.output
    }
}
