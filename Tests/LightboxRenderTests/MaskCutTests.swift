import Foundation
import LightboxGeometry
import Testing
import Vips

@testable import LightboxRender

/// Polygons and run-length masks cut with their outside transparent (anti-aliased), or
/// flattened onto the background for JPEG; compared with a reference sampling of the shape.
@Suite struct MaskCutTests {
    /// A triangle and a square, in pixels of a 200 x 150 photo.
    static let parts: [[Double]] = [[20, 20, 100, 30, 40, 110], [120, 60, 180, 60, 180, 120, 120, 120]]
    static let polygon = PolygonShape(flat: parts, scale: (1.0 / 200, 1.0 / 150))!

    /// The photo: a smooth gradient, so kept pixels can be checked too.
    static func photo(_ x: Double, _ y: Double) -> [UInt8] {
        [UInt8(x), UInt8(y), 120]
    }

    /// The share of pixel (x, y) (on the photo) the polygon covers, from 8 x 8 samples.
    static func coverage(_ x: Int, _ y: Int) -> Double {
        var inside = 0
        for i in 0..<8 {
            for j in 0..<8 {
                let point = CGPoint(
                    x: (Double(x) + (Double(i) + 0.5) / 8) / 200, y: (Double(y) + (Double(j) + 0.5) / 8) / 150)
                if polygon.contains(point) { inside += 1 }
            }
        }
        return Double(inside) / 64
    }

    @Test func outsideThePolygonIsTransparentWithAnAntiAliasedEdge() throws {
        let input = try ShapeTestSupport.drawn(width: 200, height: 150, colour: Self.photo)
        let output = ShapeTestSupport.temporary("png")
        defer { for path in [input, output] { try? FileManager.default.removeItem(atPath: path) } }
        let outcome = ShapeTestSupport.cut(
            input, rect: Self.polygon.bounds, shape: .polygon(Self.polygon), cut: CropCut(mask: true), output: output)
        #expect(outcome.error == nil, "\(outcome.error?.description ?? "")")
        let pixels = try #require(outcome.pixels)
        #expect(pixels == PixelRect(left: 20, top: 20, width: 160, height: 100))
        let image = try VImage.load(output)
        #expect(image.bands == 4 && image.width == 160 && image.height == 100)
        var (worst, edges) = (0.0, 0)
        for y in stride(from: 0, to: 100, by: 1) {
            for x in stride(from: 0, to: 160, by: 2) {
                let value = try image.pixel(x: x, y: y)
                let share = Self.coverage(x + 20, y + 20)
                worst = max(worst, abs(value[3] / 255 - share))
                if share > 0 && share < 1 && value[3] > 0 && value[3] < 255 { edges += 1 }
                if share == 1 { #expect(value[0] == Double(x + 20) && value[1] == Double(y + 20)) }
            }
        }
        #expect(worst < 0.2, "alpha differs from the sampled coverage by \(worst)")
        #expect(edges > 100, "only \(edges) soft edge pixels")
    }

    @Test func aJPEGIsFlattenedOntoTheBackground() throws {
        let input = try ShapeTestSupport.drawn(width: 200, height: 150, colour: Self.photo)
        let output = ShapeTestSupport.temporary("jpg")
        defer { for path in [input, output] { try? FileManager.default.removeItem(atPath: path) } }
        let blue = BoardColor(red: 0, green: 0, blue: 1)
        let outcome = ShapeTestSupport.cut(
            input, rect: Self.polygon.bounds, shape: .polygon(Self.polygon), cut: CropCut(mask: true, background: blue),
            output: output)
        #expect(outcome.error == nil)
        let image = try VImage.load(output)
        #expect(image.bands == 3)
        // (150, 30) on the photo is outside both parts; (140, 90) is inside the square.
        let outside = try image.pixel(x: 130, y: 10), inside = try image.pixel(x: 120, y: 70)
        #expect(outside[2] > 230 && outside[0] < 25 && outside[1] < 25)
        #expect(abs(inside[0] - 140) < 8 && abs(inside[1] - 90) < 8 && abs(inside[2] - 120) < 8)
    }

    /// A blob of whole pixels: the runs of the grid's columns 30 to 89, rows 40 to 99 where x + y is even.
    static func blob(width: Int, height: Int) -> RunLengthMask {
        var (counts, inside, run) = ([Int](), false, 0)
        for x in 0..<width {
            for y in 0..<height {
                let bit =
                    x >= 30 * width / 200 && x < 90 * width / 200 && y >= 40 * height / 150 && y < 100 * height / 150
                if bit != inside {
                    counts.append(run)
                    (inside, run) = (bit, 0)
                }
                run += 1
            }
        }
        return RunLengthMask(width: width, height: height, counts: counts + [run])!
    }

    @Test func aRunLengthMaskIsKeptPixelForPixel() throws {
        let input = try ShapeTestSupport.drawn(width: 200, height: 150, colour: Self.photo)
        let output = ShapeTestSupport.temporary("png")
        defer { for path in [input, output] { try? FileManager.default.removeItem(atPath: path) } }
        let mask = Self.blob(width: 200, height: 150)
        let rect = CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)
        let outcome = ShapeTestSupport.cut(
            input, rect: rect, shape: .mask(mask), cut: CropCut(mask: true), output: output)
        #expect(outcome.error == nil)
        let pixels = try #require(outcome.pixels)
        let image = try VImage.load(output)
        let expected = mask.values(in: pixels)
        let alpha = try image.band(3).ucharBytes()
        #expect(alpha == expected)
    }

    @Test func aCoarserMaskIsScaledToThePhoto() throws {
        let input = try ShapeTestSupport.drawn(width: 200, height: 150, colour: Self.photo)
        let output = ShapeTestSupport.temporary("png")
        defer { for path in [input, output] { try? FileManager.default.removeItem(atPath: path) } }
        let mask = Self.blob(width: 100, height: 75)
        let outcome = ShapeTestSupport.cut(
            input, rect: CGRect(x: 0, y: 0, width: 1, height: 1), shape: .mask(mask), cut: CropCut(mask: true),
            output: output)
        #expect(outcome.error == nil)
        let image = try VImage.load(output)
        let values = try [(60, 70), (20, 20), (100, 120), (85, 95)].map { try image.pixel(x: $0.0, y: $0.1)[3] }
        #expect(values == [255, 0, 0, 255])
    }
}
