import Foundation
import LightboxRender
import Testing
import Vips

/// Shrink-on-load is chosen for JPEG and WebP, and a box shrink only for other formats.
@Suite struct ViewportSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let photo = root.appendingPathComponent("Fixtures/exif-orientation/Landscape_1.jpg").path

    /// The photo re-saved as `ext` in a temp folder.
    static func copy(as ext: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("viewport-\(UUID().uuidString).\(ext)")
            .path
        try VImage.load(photo).save(to: path, saver: Vips.saver(for: path))
        return path
    }

    @Test func jpegShrinksOnLoad() throws {
        let source = try ViewportSource(path: Self.photo)
        #expect(source.reduction(for: 4) == .shrinkOnLoad(4))
        // 1800x1200 at a quarter of the resolution: the loader itself gives 450x300.
        let pixels = try source.pixels(outputPerPixel: 0.25, once: true)
        #expect(pixels.image.width == 450 && pixels.image.height == 300)
    }

    @Test(arguments: [("webp", ViewportSource.Reduction.scaleOnLoad(2)), ("png", .box(2)), ("tif", .box(2))])
    func otherFormats(ext: String, expected: ViewportSource.Reduction) throws {
        let path = try Self.copy(as: ext)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try ViewportSource(path: path)
        #expect(source.reduction(for: 2) == expected)
        let pixels = try source.pixels(outputPerPixel: 0.5, once: true)
        #expect(pixels.image.width == 900 && pixels.image.height == 600)
    }

    static let heic = root.appendingPathComponent("Fixtures/thumbnailed.heic").path

    @Test func heifUsesItsEmbeddedThumbnailWhenItIsLargeEnough() throws {
        let source = try ViewportSource(path: Self.heic)
        // 600x400 with a 160x107 thumbnail: a quarter (150) is within it, a half (300) is not.
        #expect(source.reduction(for: 4) == .embeddedThumbnail)
        #expect(source.reduction(for: 2) == .box(2))
        let pixels = try source.pixels(outputPerPixel: 0.25, once: true)
        #expect(pixels.image.width == 160)
    }

    @Test func aThumbnailThatDoesNotDecodeIsNotUsed() throws {
        // grid-bad-thumbnail.heic is grid-plain.heic (250x180, a 128x96 thumbnail) whose
        // thumbnail's header says 128x100, which libvips fails to decode.
        let heif = Self.root.appendingPathComponent("Fixtures/heif").path
        #expect(try ViewportSource(path: heif + "/grid-plain.heic").reduction(for: 2) == .embeddedThumbnail)
        let source = try ViewportSource(path: heif + "/grid-bad-thumbnail.heic")
        #expect(source.reduction(for: 2) == .box(2))
        let pixels = try source.pixels(outputPerPixel: 0.5, once: true).image.inMemory()
        let shrunk = try VImage.load(heif + "/grid-plain.heic").shrunk(2, 2)
        #expect(pixels.width == 125 && pixels.height == 90)
        #expect(try pixels.ucharBytes() == shrunk.ucharBytes())
    }

    @Test func heifWithoutAThumbnailIsBoxShrunk() throws {
        let path = try Self.copy(as: "heic")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ViewportSource(path: path).reduction(for: 4) == .box(4))
    }

    @Test(arguments: [(1.0, 1), (0.6, 1), (0.5, 2), (0.3, 2), (0.25, 4), (0.2, 4), (0.125, 8), (0.01, 8)])
    func shrinkFactorKeepsAPixelPerOutputPixel(outputPerPixel: Double, factor: Int) {
        #expect(ViewportSource.shrinkFactor(outputPerPixel: CGFloat(outputPerPixel)) == factor)
    }
}
