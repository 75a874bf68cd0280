import Foundation
import LightboxGeometry
import Testing
import Vips

@testable import LightboxRender

/// Oriented boxes cut upright: a synthetic photo with a turned rectangle whose inside is a known
/// gradient, cut and compared with that gradient sampled at the output's pixel centres.
@Suite struct UprightCutTests {
    /// The drawn box: centre, top edge direction (turned 30 degrees clockwise), sides.
    static let centre = CGPoint(x: 150, y: 110)
    static let top = CGPoint(x: cos(Double.pi / 6), y: sin(Double.pi / 6))
    static let (width, height) = (120.0, 60.0)

    /// The gradient inside the box at box coordinates (a, b) from its top-left corner.
    static func inside(_ a: Double, _ b: Double) -> [Double] {
        [40 + 180 * a / width, 40 + 180 * b / height, 200]
    }

    /// The photo's colour at (x, y): the gradient inside the box, black outside.
    static func photo(_ x: Double, _ y: Double) -> [UInt8] {
        let (dx, dy): (Double, Double) = (x - centre.x, y - centre.y)
        let a: Double = dx * top.x + dy * top.y + width / 2
        let b: Double = -dx * top.y + dy * top.x + height / 2
        guard a >= 0, a <= width, b >= 0, b <= height else { return [0, 0, 0] }
        return inside(a, b).map { UInt8($0.rounded()) }
    }

    /// The box's corners, clockwise from the top left, normalized over a 320 x 240 photo.
    static var corners: [CGPoint] {
        let down = CGPoint(x: -top.y, y: top.x)
        let signs: [(Double, Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        return signs.map { sx, sy in
            let (a, b): (Double, Double) = (sx * width / 2, sy * height / 2)
            let x: Double = centre.x + a * top.x + b * down.x
            let y: Double = centre.y + a * top.y + b * down.y
            return CGPoint(x: x / 320, y: y / 240)
        }
    }

    /// `upright` stored so that `orientation` shows it upright, as a TIFF carrying the tag.
    static func stored(_ upright: String, orientation: ExifOrientation) throws -> String {
        let steps = orientation.uprightSteps
        var image = try VImage.load(upright)
        if steps.mirror { image = try image.flipped("horizontal") }
        if steps.clockwise != 0 { image = try image.rotated("d\(360 - steps.clockwise)") }
        let path = ShapeTestSupport.temporary("tif")
        try image.settingMetadata(ints: [("orientation", orientation.rawValue)]).save(
            to: path, saver: Vips.saver(for: path))
        return path
    }

    @Test(arguments: [ExifOrientation.up, .right, .down, .leftMirrored])
    func theBoxComesOutUprightAsTheGradientSampledAtEachPixel(orientation: ExifOrientation) throws {
        let drawn = try ShapeTestSupport.drawn(width: 320, height: 240, colour: Self.photo)
        let input = try Self.stored(drawn, orientation: orientation)
        let output = ShapeTestSupport.temporary("png")
        defer { for path in [drawn, input, output] { try? FileManager.default.removeItem(atPath: path) } }
        let box = try #require(OrientedBox(corners: Self.corners))
        let outcome = ShapeTestSupport.cut(
            input, rect: box.bounds(width: 320, height: 240), shape: .oriented(box), cut: CropCut(oriented: .upright),
            output: output)
        #expect(outcome.error == nil, "\(outcome.error?.description ?? "")")
        #expect(outcome.outputSize == ImageSize(width: 120, height: 60))
        let image = try VImage.load(output)
        #expect(image.width == 120 && image.height == 60 && image.bands == 3)
        var worst = 0.0
        var signed: [Double] = []
        for y in stride(from: 3, to: 57, by: 3) {
            for x in stride(from: 3, to: 117, by: 3) {
                let expected = Self.inside(Double(x) + 0.5, Double(y) + 0.5)
                let found = try image.pixel(x: x, y: y)
                worst = max(worst, zip(found, expected).map { abs($0 - $1) }.max()!)
                signed += zip(found, expected).map { $0 - $1 }
            }
        }
        #expect(worst <= 2, "differs from the sampled gradient by \(worst)")
        // Rounded, not truncated: no bias of half a level either way.
        let bias = signed.reduce(0, +) / Double(signed.count)
        #expect(abs(bias) < 0.25, "mean difference \(bias)")
    }

    @Test func squaringAndPaddingWorkInTheBoxsOwnFrame() throws {
        let input = try ShapeTestSupport.drawn(width: 320, height: 240, colour: Self.photo)
        let output = ShapeTestSupport.temporary("png")
        defer { for path in [input, output] { try? FileManager.default.removeItem(atPath: path) } }
        let box = try #require(OrientedBox(corners: Self.corners)).padded(by: 0.05)
        let outcome = ShapeTestSupport.cut(
            input, rect: .zero, shape: .oriented(box), cut: CropCut(oriented: .upright), output: output, square: true)
        #expect(outcome.error == nil && outcome.outputSize == ImageSize(width: 132, height: 132))
        let image = try VImage.load(output)
        #expect(image.width == 132 && image.height == 132)
        // The box's middle is the output's middle; its top-left corner is 6 pixels in and 33 + 3 down.
        let middle = try image.pixel(x: 66, y: 66)
        #expect(zip(middle, Self.inside(60.5, 30.5)).allSatisfy { abs($0 - $1) <= 2 })
        let corner = try image.pixel(x: 9, y: 39)
        #expect(zip(corner, Self.inside(3.5, 3.5)).allSatisfy { abs($0 - $1) <= 3 })
    }

    @Test func beyondThePhotoIsTheBackgroundOrTransparent() throws {
        let input = try ShapeTestSupport.drawn(width: 320, height: 240) { _, _ in [90, 90, 90] }
        let jpeg = ShapeTestSupport.temporary("jpg"), png = ShapeTestSupport.temporary("png")
        defer { for path in [input, jpeg, png] { try? FileManager.default.removeItem(atPath: path) } }
        // A box turned 45 degrees about the photo's top-left corner: its top-left quarter lies outside.
        let box = OrientedBox(rect: CGRect(x: -0.1, y: -0.1, width: 0.2, height: 0.2), degrees: 45)
        let red = BoardColor(red: 1, green: 0, blue: 0)
        let best = Cropper(writer: AtomicWriter(options: SaveOptions(quality: 100, strip: true)))
        let flat = ShapeTestSupport.cut(
            input, rect: .zero, shape: .oriented(box), cut: CropCut(oriented: .upright, background: red), output: jpeg,
            cropper: best)
        #expect(flat.error == nil)
        let flattened = try VImage.load(jpeg)
        #expect(flattened.bands == 3)
        let outside = try flattened.pixel(x: 2, y: 2), inside = try flattened.pixel(x: 32, y: 44)
        #expect(outside[0] > 200 && outside[1] < 60 && inside.allSatisfy { abs($0 - 90) < 8 })
        let masked = ShapeTestSupport.cut(
            input, rect: .zero, shape: .oriented(box), cut: CropCut(oriented: .upright, mask: true), output: png)
        #expect(masked.error == nil)
        let alpha = try VImage.load(png)
        let (clear, solid) = (try alpha.pixel(x: 2, y: 2), try alpha.pixel(x: 32, y: 44))
        #expect(alpha.bands == 4 && clear[3] == 0 && solid[3] == 255)
    }
}
