import Foundation
import LightboxRender
import Testing
import Vips

/// A snapshot written by several libvips threads is the one written by one, pixel for pixel
/// (a damaged input's reason is checked through the binary: `ViewThreadsFailureTests`, since
/// libvips' error buffer is the whole test process's).
@Suite struct ViewRenderThreadsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let photo = root.appendingPathComponent("Fixtures/exif-orientation/Landscape_6.jpg").path

    /// A fresh temp folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-threads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `input`'s snapshot at `zoom` on a phone at 3x, written to `output` with `threads`.
    static func snapshot(_ input: String, zoom: CGFloat, to output: String, threads: Int?) -> ViewOutcome {
        var state = ViewState(screen: CGSize(width: 390, height: 844))
        state.scale = 3
        state.zoom = zoom
        let request = ViewRequest(inputs: [input], page: 0, output: output, state: state)
        let runner = ViewRunner(writer: AtomicWriter(options: SaveOptions()), renderThreads: threads)
        return runner.run(request, dryRun: false)
    }

    /// The decoded pixels of `path`, as bytes.
    static func pixels(_ path: String) throws -> [UInt8] {
        try #require(PixelBuffer(VImage.load(path))).bytes
    }

    /// The photo as `ext` (TIFF tiled: the format libvips decodes by tiles, which is decoded first).
    static func copy(as ext: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("photo.\(ext)").path
        let image = try VImage.load(photo)
        let saver = try Vips.saver(for: path)
        try image.save(to: path, saver: saver, options: ext == "tif" ? [("tile", .bool(true))] : [])
        return path
    }

    @Test(arguments: ["jpg", "png", "tif", "webp"], [1.0, 2.5])
    func moreThreadsWriteTheSamePixels(ext: String, zoom: Double) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = ext == "jpg" ? Self.photo : try Self.copy(as: ext, in: folder)
        var written: [[UInt8]] = []
        for threads in [nil, 1, 3] as [Int?] {
            let output = folder.appendingPathComponent("out-\(threads ?? 0).png").path
            let outcome = Self.snapshot(input, zoom: CGFloat(zoom), to: output, threads: threads)
            #expect(outcome.error == nil, "\(ext) with \(threads ?? 0) threads: \(String(describing: outcome.error))")
            written.append(try Self.pixels(output))
        }
        #expect(written[0].count == 1170 * 2532 * 3)
        #expect(written[1] == written[0] && written[2] == written[0])
        #expect(Set(written[0]).count > 16, "the photo is drawn, not a blank page")
    }
}
