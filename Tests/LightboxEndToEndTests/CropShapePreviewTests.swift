import Foundation
import Testing
import Vips

/// The preview of a crop that follows a shape outlines that shape: an oriented box (`--angle`, a
/// YOLO OBB line, `--oriented`) along its turned edges, a masked polygon or run-length mask along
/// its outline, with the outside dimmed; the level rect holding it is not drawn.
@Suite(.processes) struct CropShapePreviewTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path

    /// Whether a preview pixel is white (the outline), the dimmed photo, or the photo as it is.
    enum Look: Equatable { case outline, dimmed, photo }

    /// How `preview` shows the pattern (640x480, previewed at its own size) at `(x, y)`.
    static func look(_ preview: VImage, _ source: VImage, _ x: Double, _ y: Double) throws -> Look? {
        let (u, v) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
        let shown = try preview.pixel(x: u, y: v)
        let original = try source.pixel(x: u, y: v)
        if shown.allSatisfy({ $0 >= 180 }) { return .outline }
        if zip(shown, original).allSatisfy({ abs($0 - $1 * 0.45) <= 1.5 }) { return .dimmed }
        if shown == original { return .photo }
        return nil
    }

    /// Points along each edge of the polygon `corners` (pixels): a quarter, half and three quarters along.
    static func edgePoints(_ corners: [(Double, Double)]) -> [(Double, Double)] {
        corners.indices.flatMap { index in
            let (a, b) = (corners[index], corners[(index + 1) % corners.count])
            return [0.25, 0.5, 0.75].map { t in (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t) }
        }
    }

    /// `corners` of the level rect holding `points`, each moved 2 pixels in.
    static func boundsCorners(_ points: [(Double, Double)]) -> [(Double, Double)] {
        let (xs, ys) = (points.map(\.0), points.map(\.1))
        let (left, right, top, bottom) = (xs.min()! + 2, xs.max()! - 2, ys.min()! + 2, ys.max()! - 2)
        return [(left, top), (right, top), (right, bottom), (left, bottom)]
    }

    /// Runs `arguments` and returns the preview written to `preview`.
    static func preview(_ arguments: [String], _ preview: String) throws -> VImage {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(preview)
        #expect(image.width == 640 && image.height == 480, "no margin: \(image.width)x\(image.height)")
        return image
    }

    /// The rect 0.3,0.3,0.4,0.3 turned 30 degrees: a 256x144 box about (320, 216), its top edge
    /// rising to the right, cut to its bounds or upright; either way its preview is the turned box.
    @Test(arguments: [[String](), ["--oriented", "upright"]])
    func aTurnedRectIsOutlinedAlongItsTurnedEdges(cut: [String]) throws {
        let scratch = try Scratch()
        let output = scratch.path("p.png")
        let preview = try Self.preview(
            [
                "crop", Self.pattern, "--rect", "0.3,0.3,0.4,0.3", "--angle", "30", "-o", scratch.path("c.png"),
                "--preview", output,
            ] + cut, output)
        let source = try VImage.load(Self.pattern)
        let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
        let corners = [(-128.0, -72.0), (128, -72), (128, 72), (-128, 72)].map { x, y in
            (320 + x * c + y * s, 216 - x * s + y * c)
        }
        for (x, y) in Self.edgePoints(corners) {
            #expect(try Self.look(preview, source, x, y) == .outline, "edge point (\(x), \(y))")
        }
        for (x, y) in Self.boundsCorners(corners) {
            #expect(try Self.look(preview, source, x, y) == .dimmed, "bounding-rect corner (\(x), \(y))")
        }
        #expect(try Self.look(preview, source, 320, 216) == .photo)
    }

    /// A YOLO segment line cut with --mask is outlined; the same line cut to its bounds shows the rect.
    @Test(arguments: [true, false])
    func aMaskedPolygonIsOutlined(masked: Bool) throws {
        let scratch = try Scratch()
        try scratch.place(URL(fileURLWithPath: Self.pattern), at: "images/a.png")
        try scratch.write("0 0.2 0.2 0.6 0.15 0.8 0.5 0.5 0.8 0.15 0.6\n", to: "labels/a.txt")
        let output = scratch.path("prev/a-1.png")
        let preview = try Self.preview(
            [
                "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"), "--out-dir",
                scratch.path("out"), "--preview", scratch.path("prev/{stem}-{n}.png"),
            ] + (masked ? ["--mask"] : []),
            output)
        let source = try VImage.load(Self.pattern)
        let corners = [(128.0, 96.0), (384, 72), (512, 240), (320, 384), (96, 288)]
        for (x, y) in Self.edgePoints(corners) {
            let look = try Self.look(preview, source, x, y)
            #expect(
                masked ? look == .outline : look != .outline, "edge point (\(x), \(y)): \(String(describing: look))")
        }
        // The bounding rect's corners: dimmed when the polygon is outlined, the frame's brackets when the rect is.
        for (x, y) in Self.boundsCorners(corners) {
            #expect(try Self.look(preview, source, x, y) == (masked ? .dimmed : .outline), "corner (\(x), \(y))")
        }
    }

    /// A crowd's run-length mask (an ellipse and a square) cut with --mask is outlined where it ends.
    @Test func aMaskedRunLengthMaskIsOutlined() throws {
        let scratch = try Scratch()
        try scratch.place(URL(fileURLWithPath: Self.pattern), at: "images/a.png")
        var counts: [Int] = []
        var (inside, run) = (false, 0)
        for x in 0..<640 {
            for y in 0..<480 {
                let ellipse = pow(Double(x - 300) / 150, 2) + pow(Double(y - 220) / 100, 2) <= 1
                let bit = ellipse || (x >= 420 && x < 520 && y >= 300 && y < 400)
                if bit != inside {
                    counts.append(run)
                    (inside, run) = (bit, 0)
                }
                run += 1
            }
        }
        counts.append(run)
        try scratch.write(
            """
            {"images": [{"id": 1, "file_name": "a.png", "width": 640, "height": 480}],
             "annotations": [{"id": 7, "image_id": 1, "category_id": 1, "bbox": [150, 120, 370, 280], "iscrowd": 1,
               "segmentation": {"size": [480, 640], "counts": \(counts)}}],
             "categories": [{"id": 1, "name": "blob"}]}
            """, to: "instances.json")
        let output = scratch.path("prev/a-1.png")
        let preview = try Self.preview(
            [
                "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
                scratch.path("out"), "--mask", "--preview", scratch.path("prev/{stem}-{n}.png"),
            ], output)
        let source = try VImage.load(Self.pattern)
        for (x, y) in [(450.0, 220.0), (300, 120), (150, 220), (300, 320), (520, 350), (470, 399)] {
            #expect(try Self.look(preview, source, x, y) == .outline, "edge point (\(x), \(y))")
        }
        for (x, y) in [(152.0, 122.0), (518, 122), (152, 398)] {
            #expect(try Self.look(preview, source, x, y) == .dimmed, "bounding-rect corner (\(x), \(y))")
        }
        #expect(try Self.look(preview, source, 300, 220) == .photo)
    }
}
