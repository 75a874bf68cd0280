import CVips
import Synchronization

/// Sees every failure of a pipeline's evaluation, including the ones libvips 8.14 loses.
///
/// libvips evaluates a pipeline (a save, a copy to memory, an average) on a pool of threads
/// (`vips_threadpool_run`). In 8.14 the pool's caller reads the pool's error flag as soon as the
/// last tile has been handed out, before the threads still working on their last tiles have
/// finished: a decoder that fails on one of those tiles sets the flag too late, the evaluation
/// returns success, and the tile's pixels are never made (libvips fixed this in 8.16,
/// "threadpool: fix a race condition in error handling"). A damaged input was then written as
/// a crop with black strips, or whole black, depending on timing, so the same file failed
/// alone and was written in a batch, or the other way round.
///
/// The guard is one more image over the pipeline's last one, which only hands pixels through
/// (`vips_region_region`, no copy) and notes any failure of what is below it, on whichever
/// thread it happens. The evaluation's caller waits for every thread before returning, so once
/// it has returned the note is complete, and a noted failure fails the evaluation, with the
/// reason libvips' decoder left in the error buffer.
enum EvaluationGuard {
    /// What one guard notes: whether any region below it failed.
    final class Note: Sendable {
        /// Set by any thread whose request failed.
        let failed = Atomic<Bool>(false)
    }

    /// Runs `work` on a guarded view of `image`; throws when libvips reported success but a
    /// region below the guard failed.
    static func evaluate<T>(
        _ image: VImage, context: String, _ work: (VImage) throws(VipsError) -> T
    ) throws(VipsError) -> T {
        let note = Note()
        guard let guarded = guardedImage(image, note: note) else { throw VipsError.fromBuffer(context) }
        let result = try work(guarded)
        guard !note.failed.load(ordering: .acquiring) else { throw VipsError.fromBuffer(context) }
        return result
    }

    /// `image` copied into memory, or nil when any part of it failed; libvips' error buffer keeps
    /// the reason for the caller (a start function inside another evaluation).
    static func memoryCopy(of image: VImage) -> VImage? {
        let note = Note()
        guard let guarded = guardedImage(image, note: note), let copy = vips_image_copy_memory(guarded.pointer) else {
            return nil
        }
        let result = VImage(owning: copy)
        return note.failed.load(ordering: .acquiring) ? nil : result
    }

    /// A new image over `image` with its header and fields, whose pixels are `image`'s, noting
    /// failures in `note` (kept alive until the image closes).
    private static func guardedImage(_ image: VImage, note: Note) -> VImage? {
        guard let made = vips_image_new() else { return nil }
        var inputs: [UnsafeMutablePointer<VipsImage>?] = [image.pointer, nil]
        guard vips_image_pipeline_array(made, image.pointer.pointee.dhint, &inputs) == 0 else {
            lbx_image_unref(made)
            return nil
        }
        let kept = Unmanaged.passRetained(note).toOpaque()
        g_signal_connect_data(
            made, "close", unsafeBitCast(releaseNote, to: GCallback.self), kept, nil, GConnectFlags(rawValue: 0))
        guard vips_image_generate(made, vips_start_one, handThrough, vips_stop_one, image.pointer, kept) == 0 else {
            lbx_image_unref(made)
            return nil
        }
        return VImage(owning: made)
    }

    /// The generate callback: the input's pixels for the same rect, or a noted failure.
    private static let handThrough: VipsGenerateFn = { output, sequence, _, state, _ in
        guard let output, let sequence, let state else { return -1 }
        let input = sequence.assumingMemoryBound(to: VipsRegion.self)
        var rect = output.pointee.valid
        if vips_region_prepare(input, &rect) == 0,
            vips_region_region(output, input, &rect, rect.left, rect.top) == 0
        {
            return 0
        }
        Unmanaged<Note>.fromOpaque(state).takeUnretainedValue().failed.store(true, ordering: .releasing)
        return -1
    }

    /// The guard image's "close" handler: drops its reference on the note.
    private static let releaseNote:
        @convention(c) (UnsafeMutablePointer<VipsImage>?, UnsafeMutableRawPointer?) -> Void = { _, state in
            guard let state else { return }
            Unmanaged<Note>.fromOpaque(state).release()
        }
}
