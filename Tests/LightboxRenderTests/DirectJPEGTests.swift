import Foundation
import LightboxGeometry
import Testing
import Vips

@testable import LightboxRender

/// A plain JPEG crop of a photo whose union the region decoder holds in memory is compressed
/// straight from its rows (`DirectJPEG`), and its file is byte for byte the one the usual path
/// writes (a libvips crop of the same union, saved by `AtomicWriter.write`); anything else is
/// left to the usual path.
@Suite struct DirectJPEGTests {
    /// The crops each case cuts: overlapping, at the edges, one pixel, the whole photo.
    static let rects = [
        CGRect(x: 0.1, y: 0.1, width: 0.3, height: 0.25), CGRect(x: 0.3, y: 0.2, width: 0.4, height: 0.5),
        CGRect(x: 0, y: 0, width: 0.05, height: 0.9), CGRect(x: 0.95, y: 0.95, width: 0.05, height: 0.05),
        CGRect(x: 0.5, y: 0.5, width: 0.001, height: 0.001), CGRect(x: 0, y: 0, width: 1, height: 1),
    ]

    /// The photo at `name` in Fixtures, and its region decoder over every rect of `rects`.
    static func regions(_ path: String) throws -> (SourceImage, RegionCrops, [PixelRect]) {
        let source = try SourceImage(path: path, crops: rects.count)
        let pixels = rects.map { source.pixels(of: $0) }
        return (source, try #require(RegionCrops(source: source, rects: pixels)), pixels)
    }

    /// A temporary path ending in `.jpg`.
    static func temporary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("direct-\(UUID().uuidString).jpg").path
    }

    /// A grey JPEG written for the test (one band, no profile), at a temporary path.
    static func grey() throws -> String {
        let path = temporary()
        let photo = try VImage.load(CardPhotoRegionTests.fixtures.appendingPathComponent("icc.jpg").path)
        try photo.colourspace("b-w").save(to: path, saver: "jpegsave", options: [("strip", .bool(true))])
        return path
    }

    @Test(arguments: ["exif-orientation/Landscape_1.jpg", "icc.jpg", "jpeg-kinds/chroma422.jpg", "grey"], [75, 95])
    func everyCropIsTheUsualPathsBytes(name: String, quality: Int) throws {
        let path = name == "grey" ? try Self.grey() : CardPhotoRegionTests.fixtures.appendingPathComponent(name).path
        defer { if name == "grey" { try? FileManager.default.removeItem(atPath: path) } }
        // A profile kept is written by libvips' writer (`JPEGEncoder` writes pixels alone).
        let writer = AtomicWriter(options: SaveOptions(quality: quality, strip: true, stripICC: true))
        let (source, regions, pixels) = try Self.regions(path)
        let direct = try #require(DirectJPEG(regions: regions, resize: nil, writer: writer))
        for (index, rect) in pixels.enumerated() {
            let (ours, usual) = (Self.temporary(), Self.temporary())
            defer { for file in [ours, usual] { try? FileManager.default.removeItem(atPath: file) } }
            let item = Cropper.Item(rect: Self.rects[index], output: ours)
            #expect(try direct.write(item, pixels: rect, format: .jpeg, input: path), "\(name) rect \(index)")
            try writer.write(try #require(regions.upright(rect)), to: usual, input: path)
            let (written, expected) = (
                FileManager.default.contents(atPath: ours), FileManager.default.contents(atPath: usual)
            )
            #expect(written != nil && written == expected, "\(name) rect \(index) at Q\(quality)")
        }
        #expect(source.orientation.uprightSteps.clockwise == 0)
    }

    /// A photo stored turned, a profile to keep, a masked cut, an output's own options, another
    /// format and `--resize` take the usual path.
    @Test func whatItCannotWriteGoesTheUsualWay() throws {
        let writer = AtomicWriter(options: SaveOptions(quality: 90, strip: true))
        let turned = CardPhotoRegionTests.fixtures.appendingPathComponent("exif-orientation/Landscape_6.jpg").path
        let (_, turnedRegions, turnedPixels) = try Self.regions(turned)
        let output = Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let turnedDirect = try #require(DirectJPEG(regions: turnedRegions, resize: nil, writer: writer))
        let plain = Cropper.Item(rect: Self.rects[0], output: output)
        #expect(try !turnedDirect.write(plain, pixels: turnedPixels[0], format: .jpeg, input: turned))
        let profiled = CardPhotoRegionTests.fixtures.appendingPathComponent("icc.jpg").path
        let (_, profiledRegions, profiledPixels) = try Self.regions(profiled)
        let keeping = try #require(DirectJPEG(regions: profiledRegions, resize: nil, writer: writer))
        #expect(try !keeping.write(plain, pixels: profiledPixels[0], format: .jpeg, input: profiled))
        let upright = CardPhotoRegionTests.fixtures.appendingPathComponent("exif-orientation/Landscape_1.jpg").path
        let (_, regions, pixels) = try Self.regions(upright)
        let direct = try #require(DirectJPEG(regions: regions, resize: nil, writer: writer))
        let masked = Cropper.Item(rect: Self.rects[0], output: output, cut: CropCut(mask: true))
        #expect(try !direct.write(masked, pixels: pixels[0], format: .jpeg, input: upright))
        let named = Cropper.Item(
            rect: Self.rects[0], output: output,
            saverSettings: try SaverSettings("[Q=50]", format: .jpeg, profiles: .refused))
        #expect(try !direct.write(named, pixels: pixels[0], format: .jpeg, input: upright))
        #expect(try !direct.write(plain, pixels: pixels[0], format: .png, input: upright))
        #expect(!FileManager.default.fileExists(atPath: output))
        let resize = CropResize(width: 10, height: 10)
        #expect(DirectJPEG(regions: regions, resize: resize, writer: writer) == nil)
    }
}
