import Foundation
import Testing
import Vips

/// What the end-to-end tests of oriented, masked and lossless cuts share: a gradient photo whose
/// colour says where each pixel came from, the box a turned rect makes on it, and reading back.
enum ShapeFixture {
    /// The gradient's size.
    static let size = (width: 320, height: 240)

    /// The colour of the gradient at a continuous point of the photo (pixel edges at whole
    /// numbers): red is 0.75 x, green y, blue 100 (`write` stores each pixel's centre value).
    static func colour(x: Double, y: Double) -> [Double] {
        [0.75 * (x - 0.5), y - 0.5, 100]
    }

    /// Writes the gradient as `name` in `scratch` with the saver's `options` (a PNG holds it exactly).
    @discardableResult
    static func write(_ scratch: Scratch, as name: String, options: [(String, VValue)] = []) throws -> String {
        var bytes: [UInt8] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                bytes += colour(x: Double(x) + 0.5, y: Double(y) + 0.5).map { UInt8($0.rounded()) }
            }
        }
        let path = scratch.path(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try VImage.fromUCharBytes(bytes, width: size.width, height: size.height, bands: 3).save(
            to: path, saver: Vips.saver(for: path), options: options)
        return path
    }

    /// A box as the app stores it: a normalized rect turned `degrees` counter-clockwise about its centre.
    struct Box {
        /// The rect before the turn, normalized.
        let rect: (x: Double, y: Double, width: Double, height: Double)
        /// The turn, counter-clockwise as seen on the photo.
        let degrees: Double

        /// `x,y,w,h`.
        var rectText: String { "\(rect.x),\(rect.y),\(rect.width),\(rect.height)" }
        /// The centre in pixels.
        var centre: (x: Double, y: Double) {
            ((rect.x + rect.width / 2) * Double(size.width), (rect.y + rect.height / 2) * Double(size.height))
        }
        /// The sides in pixels.
        var sides: (width: Double, height: Double) {
            (rect.width * Double(size.width), rect.height * Double(size.height))
        }
        /// The unit vectors along the top edge and down the left side (y down).
        var axes: (top: (Double, Double), down: (Double, Double)) {
            let radians = degrees * .pi / 180
            return ((cos(radians), -sin(radians)), (sin(radians), cos(radians)))
        }

        /// The point of the photo under (`u`, `v`) of the upright crop of size `output`.
        func photoPoint(u: Double, v: Double, output: (width: Int, height: Int)) -> (x: Double, y: Double) {
            let (a, b) = (u - Double(output.width) / 2, v - Double(output.height) / 2)
            let (top, down) = axes
            return (centre.x + a * top.0 + b * down.0, centre.y + a * top.1 + b * down.1)
        }

        /// The corners, clockwise from the top left, normalized: a YOLO OBB line's eight values.
        var corners: [Double] {
            let (top, down) = axes
            let (w, h) = (sides.width / 2, sides.height / 2)
            return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].flatMap { sx, sy -> [Double] in
                let x = centre.x + sx * w * top.0 + sy * h * down.0
                let y = centre.y + sx * w * top.1 + sy * h * down.1
                return [x / Double(size.width), y / Double(size.height)]
            }
        }

        /// Whether a photo point lies inside the box, `margin` pixels in from its edges.
        func contains(x: Double, y: Double, margin: Double) -> Bool {
            let (top, down) = axes
            let (dx, dy) = (x - centre.x, y - centre.y)
            let along = dx * top.0 + dy * top.1
            let across = dx * down.0 + dy * down.1
            return abs(along) < sides.width / 2 - margin && abs(across) < sides.height / 2 - margin
        }
    }

    /// Checks that the upright crop at `path` of `box` shows the gradient where the box lies:
    /// its size, and the colour of a grid of its pixels within `tolerance`.
    static func expectUpright(
        _ path: String, box: Box, size output: (width: Int, height: Int), tolerance: Double
    )
        throws
    {
        let image = try VImage.load(path)
        #expect(image.width == output.width && image.height == output.height, "\(image.width)x\(image.height)")
        for v in stride(from: 2, to: output.height - 2, by: max(1, output.height / 7)) {
            for u in stride(from: 2, to: output.width - 2, by: max(1, output.width / 9)) {
                let point = box.photoPoint(u: Double(u) + 0.5, v: Double(v) + 0.5, output: output)
                let expected = colour(x: point.x, y: point.y)
                let got = Array(try image.pixel(x: u, y: v).prefix(3))
                let off = zip(expected, got).map { abs($0 - $1) }.max() ?? 0
                #expect(off <= tolerance, "(\(u), \(v)): \(got) where \(expected) was expected")
            }
        }
    }

    /// The bytes of the file at `path`.
    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// The JSON object printed on one line.
    static func object(_ line: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }
}
