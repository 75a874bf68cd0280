import CWebP
import Foundation

/// The frame durations of an animated WebP file, read and rewritten with libwebpmux (no re-encoding).
///
/// libvips 8.14.1's `webpsave` writes 100 ms for every delay of 10 ms or less (as browsers show
/// such GIF frames), so an animation of short frames comes out slower than asked; the frames'
/// own bitstreams, offsets, disposal and blending are kept as they are when the durations are mended.
package enum WebPFrames {
    /// Each frame's duration in milliseconds, in order: none for a still image, nil when `bytes` is no WebP.
    package static func durations(_ bytes: Data) -> [Int]? {
        withMux(bytes) { mux -> [Int]? in
            guard let count = frameCount(mux) else { return [] }
            var durations: [Int] = []
            for index in 1...count {
                var frame = WebPMuxFrameInfo()
                guard WebPMuxGetFrame(mux, UInt32(index), &frame) == WEBP_MUX_OK else { return nil }
                durations.append(Int(frame.duration))
                WebPDataClear(&frame.bitstream)
            }
            return durations
        }
    }

    /// `bytes` with frame n lasting `durations[n]` milliseconds (0 to 2^24 - 1, the format's
    /// field); nil when the counts differ, a duration does not fit, or the file cannot be parsed.
    package static func setting(_ durations: [Int], in bytes: Data) -> Data? {
        guard durations.allSatisfy({ (0...0xFF_FFFF).contains($0) }) else { return nil }
        return withMux(bytes) { mux -> Data? in
            guard frameCount(mux) == durations.count else { return nil }
            var frames: [WebPMuxFrameInfo] = []
            defer { for index in frames.indices { WebPDataClear(&frames[index].bitstream) } }
            for index in durations.indices {
                var frame = WebPMuxFrameInfo()
                guard WebPMuxGetFrame(mux, UInt32(index + 1), &frame) == WEBP_MUX_OK else { return nil }
                frame.duration = Int32(durations[index])
                frames.append(frame)
            }
            for _ in frames { guard WebPMuxDeleteFrame(mux, 1) == WEBP_MUX_OK else { return nil } }
            for frame in frames {
                var pushed = frame
                guard WebPMuxPushFrame(mux, &pushed, 1) == WEBP_MUX_OK else { return nil }
            }
            var output = WebPData()
            guard WebPMuxAssemble(mux, &output) == WEBP_MUX_OK, let written = output.bytes else { return nil }
            defer { WebPDataClear(&output) }
            return Data(bytes: written, count: output.size)
        }
    }

    /// The number of frames of an animated file's mux, or nil for a still image or none.
    private static func frameCount(_ mux: OpaquePointer) -> Int? {
        var features: UInt32 = 0
        guard WebPMuxGetFeatures(mux, &features) == WEBP_MUX_OK, features & ANIMATION_FLAG.rawValue != 0 else {
            return nil
        }
        var count: Int32 = 0
        guard WebPMuxNumChunks(mux, WEBP_CHUNK_ANMF, &count) == WEBP_MUX_OK, count > 0 else { return nil }
        return Int(count)
    }

    /// `work` on a mux of `bytes` (copied in), deleted after; nil when the bytes are no WebP.
    private static func withMux<T>(_ bytes: Data, _ work: (OpaquePointer) -> T?) -> T? {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> T? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var input = WebPData(bytes: base, size: raw.count)
            guard let mux = WebPMuxCreate(&input, 1) else { return nil }
            defer { WebPMuxDelete(mux) }
            return work(mux)
        }
    }
}
