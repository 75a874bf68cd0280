import Foundation
import Testing
import Vips

/// The generic call path: every value kind goes in, outputs come back, errors carry libvips' text.
@Suite struct VOperationTests {
    static let pattern = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pattern.png").path

    @Test func intsAndImagesInAnImageOut() throws {
        let image = try VImage.load(Self.pattern)
        let crop = try image.crop(left: 300, top: 200, width: 10, height: 5)
        #expect(crop.width == 10 && crop.height == 5)
        // pattern.png stores R = x % 256 and G = y % 256: (300, 200) holds 44 and 200.
        #expect(try crop.pixel(x: 0, y: 0) == [44, 200, 16])
    }

    @Test func enumNickAndDoubleArray() throws {
        let image = try VImage.filled(width: 4, height: 3, color: [10, 20, 30])
        #expect(image.interpretation == "srgb")
        let turned = try image.rotated("d90")
        #expect(turned.width == 3 && turned.height == 4)
        let embedded = try image.embedded(x: 1, y: 1, width: 6, height: 5, background: [200, 100, 50])
        #expect(try embedded.pixel(x: 0, y: 0) == [200, 100, 50])
        #expect(try embedded.pixel(x: 1, y: 1) == [10, 20, 30])
    }

    @Test func imageArrayAndIntArrayComposite() throws {
        let base = try VImage.filled(width: 8, height: 8, color: [0, 0, 255, 255])
        let overlay = try VImage.filled(width: 2, height: 2, color: [255, 0, 0, 255])
        let result = try base.composited([overlay], at: [(x: 3, y: 4)]).cast("uchar")
        #expect(try result.pixel(x: 3, y: 4) == [255, 0, 0, 255])
        #expect(try result.pixel(x: 0, y: 0) == [0, 0, 255, 255])
    }

    @Test func blobRendersAnSVG() throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="rgb(0,255,0)"/></svg>"#
        let image = try VImage.svg(svg)
        #expect(image.width == 20 && image.height == 10 && image.bands == 4)
        #expect(try image.pixel(x: 5, y: 5) == [0, 255, 0, 255])
    }

    @Test func interpolatorAndAffine() throws {
        let image = try VImage.load(Self.pattern).crop(left: 0, top: 0, width: 10, height: 10)
        let doubled = try image.affine([2, 0, 0, 2], area: [0, 0, 20, 20], interpolate: "nearest")
        #expect(doubled.width == 20)
        #expect(try doubled.pixel(x: 9, y: 9) == image.pixel(x: 4, y: 4))
    }

    @Test func textNeedsAndFindsAFont() throws {
        let mask = try VImage.text("Lightbox", font: "DejaVu Sans 20")
        #expect(mask.bands == 1 && mask.width > 40 && mask.height > 10)
        #expect(try mask.average() > 0)
    }

    @Test func errorsCarryLibvipsText() {
        #expect(throws: VipsError.self) { try VImage.load("/nonexistent/photo.jpg") }
        do {
            _ = try VImage.load(Self.pattern).crop(left: 600, top: 0, width: 100, height: 10)
            Issue.record("a crop past the edge must fail")
        } catch {
            #expect(error.message.contains("extract_area"))
            #expect(error.message.contains("bad extract area"))
        }
    }

    @Test func unknownArgumentIsAnErrorNotACrash() {
        #expect(throws: VipsError.self) {
            try VOperation.call("black", [("width", .int(1)), ("height", .int(1)), ("nonsense", .int(1))])
        }
        #expect(throws: VipsError.self) { try VOperation.call("no_such_operation", []) }
        #expect(throws: VipsError.self) {
            try VOperation.call("black", [("width", .string("wide")), ("height", .int(1))])
        }
        #expect(throws: VipsError.self) {
            try VOperation.call("black", [("width", .int(1)), ("height", .int(1)), ("bands", .doubles([1, 2]))])
        }
    }
}
