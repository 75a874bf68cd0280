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
    /// libvips' `fail_on` for the job's inputs.
    package var failOn: FailOn
    /// The most pixels an input may declare (0: no limit).
    package var maxPixels: Int
    /// Seconds each worker request of the job may take (0: no limit).
    package var timeout: Double
    /// Whether an output that exists and decodes whole is left as it is (the job, or that crop,
    /// answered `skipped`), and one that exists but is not whole is replaced.
    package var skipExisting: Bool

    /// `job` under this policy. With `skipExisting` an existing output may be replaced without
    /// `--force`: the worker first reads it, and replaces it only when it is not whole.
    package func applied(to job: Job) -> Job {
        switch job {
        case .crop(var crop):
            crop.settings.save = save(crop.settings.save)
            (crop.settings.failOn, crop.settings.maxPixels) = (failOn, maxPixels)
            if skipExisting { crop.items = crop.items.map { with($0, \.skipIfWhole, true) } }
            return .crop(crop)
        case .view(var view):
            view.save = save(view.save)
            (view.failOn, view.maxPixels, view.skipIfWhole) = (failOn, maxPixels, skipExisting)
            return .view(view)
        case .board(var board):
            board.save = save(board.save)
            board.limits = CardPhoto.Limits(failOn: failOn, maxPixels: maxPixels)
            board.skipIfWhole = skipExisting
            return .board(board)
        }
    }

    /// `options` with this policy's quality (when it has one) and replacing.
    private func save(_ options: SaveOptions) -> SaveOptions {
        var options = options
        options.force = force || skipExisting
        if let quality { options.quality = quality }
        return options
    }

    /// `value` with `path` set to `new`.
    private func with<Value, Field>(_ value: Value, _ path: WritableKeyPath<Value, Field>, _ new: Field) -> Value {
        var value = value
        value[keyPath: path] = new
        return value
    }
}
