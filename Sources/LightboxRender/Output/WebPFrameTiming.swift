import Foundation
import Vips

/// The millisecond delays of an animated WebP, as asked: libvips 8.14.1's `webpsave` writes
/// 100 ms for every delay of 10 ms or less (browsers' rule for GIF), so the saved file's frames
/// are set to the delays asked for (`WebPFrames`, without re-encoding).
///
/// libwebp's animation encoder merges a frame identical to the one before it into that frame, its
/// duration added, so the file may hold fewer frames than were saved: each stored frame stands for
/// the run of asked delays whose durations, as libvips wrote them, add up to its own.
package enum WebPFrameTiming {
    /// The duration libvips 8.14.1 writes for a frame asked to last `delay` milliseconds.
    package static func written(_ delay: Int) -> Int {
        delay <= 10 ? 100 : delay
    }

    /// Whether libvips writes any of `delays` otherwise than asked.
    static func needsMending(_ delays: [Int]) -> Bool {
        delays.contains { written($0) != $0 }
    }

    /// The durations the stored frames should have: for each, the sum of the asked delays it
    /// stands for; nil when `stored` is not `delays` as libvips writes them, merged in runs.
    package static func durations(stored: [Int], delays: [Int]) -> [Int]? {
        var mended: [Int] = []
        var next = 0
        for duration in stored {
            var (written, asked) = (0, 0)
            while written < duration, next < delays.count {
                written += Self.written(delays[next])
                asked += delays[next]
                next += 1
            }
            guard written == duration else { return nil }
            mended.append(asked)
        }
        return next == delays.count ? mended : nil
    }

    /// Sets the frames of the WebP libvips just saved at `path` (a temp file of `output`) to
    /// `delays`, when libvips wrote any of them otherwise; the error names `output`.
    static func mend(_ path: String, delays: [Int], output: String) throws(RenderError) {
        guard needsMending(delays) else { return }
        guard let bytes = FileManager.default.contents(atPath: path), let stored = WebPFrames.durations(bytes) else {
            throw RenderError(output, "cannot read the frames of the saved WebP back")
        }
        // Frames all alike are merged into one, which libwebp writes as a still image.
        guard !stored.isEmpty else { return }
        guard let durations = durations(stored: stored, delays: delays) else {
            throw RenderError(output, "the saved WebP's frames (\(stored) ms) do not match the delays asked for")
        }
        guard durations != stored else { return }
        guard let mended = WebPFrames.setting(durations, in: bytes) else {
            throw RenderError(output, "cannot set the frame delays of the saved WebP")
        }
        do {
            try mended.write(to: URL(fileURLWithPath: path))
        } catch {
            throw RenderError(output, "cannot rewrite the saved file: \(error.localizedDescription)")
        }
    }
}
