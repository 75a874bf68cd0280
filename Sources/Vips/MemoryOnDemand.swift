import CVips
import Foundation

/// A file read by a sequential loader (JPEG, PNG, strip TIFF, GIF, HEIF) made readable in any
/// order: decoded whole into memory the first time a pixel is asked for, as libvips does for
/// `access: random`, but under `EvaluationGuard`.
///
/// libvips' own random access runs that decode as an evaluation of its own, inside the loader,
/// where the thread pool's lost failures (`EvaluationGuard`) cannot be seen from outside: a
/// damaged file was then served as whole, its missing strips black. Here the loader streams and
/// the copy into memory is guarded, so a failure on any thread fails every read of the image,
/// with the loader's reason.
final class MemoryOnDemand: @unchecked Sendable {
    /// The sequential load.
    private let source: VImage
    /// The decoded pixels, once asked for.
    private var memory: VImage?
    /// libvips' error buffer as decoding failed: every later read fails at once with it again.
    private var failure: String?

    private init(source: VImage) {
        self.source = source
    }

    /// An image with `source`'s header and fields whose pixels are decoded into memory on first use.
    static func image(of source: VImage) throws(VipsError) -> VImage {
        guard let made = vips_image_new() else { throw VipsError.fromBuffer("random access") }
        var inputs: [UnsafeMutablePointer<VipsImage>?] = [source.pointer, nil]
        guard vips_image_pipeline_array(made, VIPS_DEMAND_STYLE_ANY, &inputs) == 0 else {
            lbx_image_unref(made)
            throw VipsError.fromBuffer("random access")
        }
        let state = Unmanaged.passRetained(MemoryOnDemand(source: source)).toOpaque()
        g_signal_connect_data(
            made, "close", unsafeBitCast(release, to: GCallback.self), state, nil, GConnectFlags(rawValue: 0))
        guard vips_image_generate(made, start, generate, vips_stop_one, nil, state) == 0 else {
            lbx_image_unref(made)
            throw VipsError.fromBuffer("random access")
        }
        return VImage(owning: made)
    }

    /// The decoded pixels, decoding them the first time; nil when that failed. libvips calls start
    /// functions one at a time for an image (under its lock), so no other lock is needed. After a
    /// failure, each call puts its reason back in libvips' error buffer and fails.
    private func pixels() -> VImage? {
        if let failure {
            failure.withCString { text in withVaList([text]) { vips_verror(nil, "%s", $0) } }
            return nil
        }
        if memory == nil {
            memory = EvaluationGuard.memoryCopy(of: source)
            if memory == nil { failure = String(cString: vips_error_buffer()).trimmingCharacters(in: .newlines) }
        }
        return memory
    }

    /// The start callback: a region on the decoded pixels, or NULL when they could not be decoded.
    private static let start: VipsStartFn = { _, _, state in
        guard let state, let memory = Unmanaged<MemoryOnDemand>.fromOpaque(state).takeUnretainedValue().pixels()
        else { return nil }
        return UnsafeMutableRawPointer(vips_region_new(memory.pointer))
    }

    /// The generate callback: the decoded pixels of the rect asked for (no copy).
    private static let generate: VipsGenerateFn = { output, sequence, _, _, _ in
        guard let output, let sequence else { return -1 }
        let input = sequence.assumingMemoryBound(to: VipsRegion.self)
        var rect = output.pointee.valid
        guard vips_region_prepare(input, &rect) == 0 else { return -1 }
        return vips_region_region(output, input, &rect, rect.left, rect.top)
    }

    /// The image's "close" handler: drops the state, and with it the load and the pixels.
    private static let release: @convention(c) (UnsafeMutablePointer<VipsImage>?, UnsafeMutableRawPointer?) -> Void = {
        _, state in
        guard let state else { return }
        Unmanaged<MemoryOnDemand>.fromOpaque(state).release()
    }
}
