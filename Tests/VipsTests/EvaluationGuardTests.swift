import CVips
import Foundation
import Testing

@testable import Vips

/// libvips 8.14's thread pool reports success when the tile handed out last fails after the
/// others are done; every evaluation Lightbox runs sees that failure anyway.
@Suite struct EvaluationGuardTests {
    /// A 256x256 grey image whose bottom-right 128x128 tile (the last a pool hands out) fails
    /// after `delay` seconds; every other tile is made at once. The failure leaves no message in
    /// libvips' error buffer, which suites running beside this one read.
    static func lateFailure(delay: Double) -> VImage {
        Vips.ensureStarted()
        let made = vips_image_new()!
        vips_image_init_fields(made, 256, 256, 1, VIPS_FORMAT_UCHAR, VIPS_CODING_NONE, VIPS_INTERPRETATION_B_W, 1, 1)
        var noInputs: [UnsafeMutablePointer<VipsImage>?] = [nil]
        _ = vips_image_pipeline_array(made, VIPS_DEMAND_STYLE_SMALLTILE, &noInputs)
        // Two threads for every evaluation of it (the field follows it down a pipeline), whatever
        // the process's setting, which other suites change.
        vips_image_set_int(made, "concurrency", 2)
        let delayMicroseconds = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        delayMicroseconds.pointee = UInt32(delay * 1e6)
        g_signal_connect_data(
            made, "close",
            unsafeBitCast(
                { (_: UnsafeMutablePointer<VipsImage>?, state: UnsafeMutableRawPointer?) in state?.deallocate() }
                    as @convention(c) (UnsafeMutablePointer<VipsImage>?, UnsafeMutableRawPointer?) -> Void,
                to: GCallback.self), delayMicroseconds, nil, GConnectFlags(rawValue: 0))
        let generate: VipsGenerateFn = { output, _, _, state, _ in
            guard let output, let state else { return -1 }
            let rect = output.pointee.valid
            if rect.left + rect.width == 256 && rect.top + rect.height == 256 {
                usleep(state.assumingMemoryBound(to: UInt32.self).pointee)
                return -1
            }
            for row in 0..<Int(rect.height) {
                let line = output.pointee.data.advanced(by: row * Int(output.pointee.bpl))
                memset(line, 128, Int(rect.width))
            }
            return 0
        }
        _ = vips_image_generate(made, nil, generate, nil, nil, delayMicroseconds)
        return VImage(owning: made)
    }

    @Test func aTileThatFailsLastFailsTheEvaluationLibvipsCallsDone() throws {
        // libvips alone: the late failure is lost and the average is computed over a missing tile.
        let unguarded = try VOperation.call("avg", [("in", .image(Self.lateFailure(delay: 0.3)))]).double("out")
        #expect(unguarded > 0)
        // Through the binding: the same evaluation fails.
        #expect(throws: VipsError.self) { try Self.lateFailure(delay: 0.3).average() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guard-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: VipsError.self) {
            try Self.lateFailure(delay: 0.3).save(
                to: folder.appendingPathComponent("late.png").path, saver: "pngsave")
        }
        #expect(throws: VipsError.self) { try Self.lateFailure(delay: 0.3).inMemory() }
    }

    @Test func aWholeImageIsUnchangedByTheGuard() throws {
        let image = try VOperation.call("black", [("width", .int(300)), ("height", .int(200))]).image()
        let lighter = try VOperation.call(
            "linear", [("in", .image(image)), ("a", .doubles([1])), ("b", .doubles([7]))]
        )
        .image()
        let direct = try lighter.average()
        let copied = try lighter.inMemory().average()
        #expect(direct == 7)
        #expect(copied == 7)
    }
}
