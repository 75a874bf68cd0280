import Foundation
import LightboxRender
import Vips

/// One `lightbox batch` job's policy, the server's narrowed by the job's own keys
/// (`BatchPolicy.job`), applied to the job whatever its command.
package struct JobPolicy: Sendable, Equatable {
    /// Whether the job replaces existing outputs (only when the server allows it).
    package var force: Bool
    /// The quality of lossy outputs, or nil for libvips' default.
    package var quality: Int?
    /// Whether the job itself asked for `quality` (not only the server's `--quality`): then a
    /// crop job none of whose outputs takes one is refused, as the command line refuses it.
    package var asksQuality = false
    /// libvips' `fail_on` for the job's inputs.
    package var failOn: FailOn
    /// The most pixels an input may declare (0: no limit).
    package var maxPixels: Int
    /// Seconds each worker request of the job may take (0: no limit).
    package var timeout: Double
    /// Whether an output that exists and is a whole image of its format is left as it is (the
    /// job, or that crop, answered `skipped`); anything else there fails the job unless `force`.
    package var skipExisting: Bool

    /// `job` under this policy. Skipping never becomes replacing: with `skipExisting` the worker
    /// reads an existing output first and leaves it when whole; what is not whole (a text file, a
    /// FIFO, another format) is replaced only with `force`, and otherwise fails the job.
    package func applied(to job: Job) -> Job {
        switch job {
        case .crop(var crop):
            crop.settings.save = save(crop.settings.save)
            (crop.settings.failOn, crop.settings.maxPixels) = (failOn, maxPixels)
            crop.items = crop.items.map { item in
                var item = item
                (item.skipIfWhole, item.replacesNotWhole) = (skipExisting, skipExisting && force)
                return item
            }
            return .crop(crop)
        case .view(var view):
            view.save = save(view.save)
            (view.failOn, view.maxPixels) = (failOn, maxPixels)
            (view.skipIfWhole, view.replacesNotWhole) = (skipExisting, skipExisting && force)
            return .view(view)
        case .board(var board):
            board.save = save(board.save)
            board.limits = CardPhoto.Limits(failOn: failOn, maxPixels: maxPixels)
            (board.skipIfWhole, board.replacesNotWhole) = (skipExisting, skipExisting && force)
            return .board(board)
        }
    }

    /// Why the job's own `quality` has nothing to do in `job` (every crop a PNG or GIF, or cut
    /// without re-encoding), or nil.
    package func qualityProblem(_ job: Job) -> String? {
        guard asksQuality, let quality, case .crop(let crop) = job else { return nil }
        let takes = crop.items.contains { item in
            !item.cut.lossless && (crop.settings.save.format(of: item.output)?.takesQuality ?? true)
        }
        return takes
            ? nil
            : "quality \(quality): no output takes a quality (PNG and GIF are lossless; a lossless cut is not re-encoded)"
    }

    /// `options` with this policy's quality (when it has one) and replacing.
    private func save(_ options: SaveOptions) -> SaveOptions {
        var options = options
        options.force = force
        if let quality { options.quality = quality }
        return options
    }
}
