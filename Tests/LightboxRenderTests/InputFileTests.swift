import Foundation
import LightboxRender
import Testing
import Vips

/// Opening an input the one shared way: the header, loader, orientation and region choice, and
/// each refusal with the reason `crop`, `view` and `board` print.
@Suite struct InputFileTests {
    /// The repository's Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test(arguments: [1, 3, 6, 8])
    func aJPEGOpensForTheRegionDecoder(tag: Int) throws {
        let path = Self.fixtures.appendingPathComponent("exif-orientation/Landscape_\(tag).jpg").path
        let file = try InputFile(path, access: .sequential)
        #expect(file.loader == "VipsForeignLoadJpegFile" && file.isJPEG && file.regionDecodable)
        #expect(file.orientation.rawValue == tag)
        #expect(file.storedSize.width * file.storedSize.height == 1800 * 1200)
    }

    @Test func aPNGIsLeftToLibvips() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try VImage.filled(width: 4, height: 3, color: [1, 2, 3]).save(to: path, saver: Vips.saver(for: path))
        let file = try InputFile(path)
        #expect(!file.isJPEG && !file.regionDecodable)
        #expect(file.storedSize.width == 4 && file.storedSize.height == 3)
    }

    @Test func refusalsNameTheReason() throws {
        let photo = Self.fixtures.appendingPathComponent("exif-orientation/Landscape_1.jpg").path
        let overLimit = "1800x1200 is 2.2 megapixels, over the limit of 1000 pixels (--max-pixels; 0 for none)"
        #expect(throws: RenderError(photo, overLimit)) { try InputFile(photo, maxPixels: 1000) }
        #expect(throws: RenderError(Self.fixtures.path, "is a folder, not an image")) {
            try InputFile(Self.fixtures.path)
        }
        #expect(throws: RenderError("/nonexistent.jpg", "cannot open: No such file or directory")) {
            try InputFile("/nonexistent.jpg")
        }
        _ = try InputFile(photo, maxPixels: 0)
    }
}
