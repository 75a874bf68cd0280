import Foundation
import Testing
import Vips

/// Datasets' shapes from the command line: a YOLO OBB line cut upright (`--oriented upright`,
/// `--pad` and `--square` in the box's frame), COCO polygons and a run-length mask cut with
/// `--mask`: transparent outside in PNG, flattened onto `--background` in JPEG.
@Suite(.processes) struct DatasetShapeTests {
    /// The oriented box of the YOLO line.
    static let box = ShapeFixture.Box(rect: (x: 0.3, y: 0.3, width: 0.375, height: 0.25), degrees: 35)

    /// A flat YOLO dataset: the gradient, one OBB line (class 0) and one plain box (class 1).
    static func yolo(_ scratch: Scratch) throws {
        try ShapeFixture.write(scratch, as: "images/a.png")
        let corners = box.corners.map { String(format: "%.6f", $0) }.joined(separator: " ")
        try scratch.write("0 \(corners)\n1 0.5 0.5 0.25 0.25\n", to: "labels/a.txt")
    }

    @Test func anOBBLineComesOutUprightItsOwnSize() throws {
        let scratch = try Scratch()
        try Self.yolo(scratch)
        let result = try CommandRunner.run(
            [
                "crop", "--yolo", "labels", "--images", "images", "--out-dir", "out", "--oriented", "upright", "--json",
                "-q",
            ],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["0/a_1.png", "1/a_2.png"])
        let records = try result.lines.map(ShapeFixture.object)
        #expect(records.first?["outputSize"] as? [String: Int] == ["width": 120, "height": 60])
        try ShapeFixture.expectUpright(scratch.path("out/0/a_1.png"), box: Self.box, size: (120, 60), tolerance: 2)
        // The plain box is cut as a rect, as before.
        let plain = try VImage.load(scratch.path("out/1/a_2.png"))
        #expect(plain.width == 80 && plain.height == 60 && records.last?["outputSize"] == nil)
        // Without --oriented upright the OBB is cut to its bounding rect.
        let bounds = try CommandRunner.run(
            ["crop", "--yolo", "labels", "--images", "images", "--out-dir", "bounds", "-q"], in: scratch.url)
        #expect(bounds.status == 0)
        let rect = try VImage.load(scratch.path("bounds/0/a_1.png"))
        #expect(rect.width > 120 && rect.height > 60 && !rect.hasAlpha)
    }

    /// The same oriented box as a COCO polygon of four points, in pixels, under a bbox that is too tight.
    @Test(arguments: [["--oriented", "upright"], ["--oriented", "upright", "--pad", "0.25", "--square"], ["--mask"]])
    func aFourPointCOCOPolygonIsCutAsTheSameOBBLine(cut: [String]) throws {
        let scratch = try Scratch()
        try Self.yolo(scratch)
        let (width, height) = ShapeFixture.size
        let corners = Self.box.corners.enumerated().map { $1 * Double($0 % 2 == 0 ? width : height) }
        let coco: [String: Any] = [
            "images": [["id": 1, "file_name": "a.png", "width": width, "height": height]],
            "categories": [["id": 0, "name": "0"]],
            "annotations": [
                ["id": 1, "image_id": 1, "category_id": 0, "bbox": [100, 100, 5, 5], "segmentation": [corners]]
            ],
        ]
        try JSONSerialization.data(withJSONObject: coco).write(to: scratch.url.appendingPathComponent("coco.json"))
        let common = ["--images", "images", "--json", "-q"] + cut
        let yolo = try CommandRunner.run(
            ["crop", "--yolo", "labels", "--only", "0", "--out-dir", "yolo"] + common, in: scratch.url)
        let fromCOCO = try CommandRunner.run(
            ["crop", "--coco", "coco.json", "--out-dir", "coco"] + common, in: scratch.url)
        #expect(yolo.status == 0 && fromCOCO.status == 0, "\(yolo.stderr) \(fromCOCO.stderr)")
        let (a, b) = (try ShapeFixture.object(yolo.lines[0]), try ShapeFixture.object(fromCOCO.lines[0]))
        #expect(a["pixels"] as? [String: Int] == b["pixels"] as? [String: Int], "\(a) \(b)")
        #expect(a["outputSize"] as? [String: Int] == b["outputSize"] as? [String: Int])
        let difference = try ImageDifference.maximum(
            VImage.load(scratch.path("yolo/0/a_1.png")), VImage.load(scratch.path("coco/0/a_1.png")))
        #expect(difference <= 1)
    }

    @Test func padAndSquareGrowTheBoxInItsOwnFrame() throws {
        let scratch = try Scratch()
        try Self.yolo(scratch)
        let result = try CommandRunner.run(
            [
                "crop", "--yolo", "labels", "--images", "images", "--out-dir", "out", "--oriented", "upright", "--pad",
                "0.25", "--square", "-q",
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        // 120 x 60 padded by a quarter of each side each way is 180 x 90, squared about its centre 180 x 180.
        let padded = ShapeFixture.Box(rect: (x: 0.20625, y: 0.05, width: 0.5625, height: 0.75), degrees: 35)
        #expect(abs(padded.centre.x - Self.box.centre.x) < 1e-9 && abs(padded.centre.y - Self.box.centre.y) < 1e-9)
        let image = try VImage.load(scratch.path("out/0/a_1.png"))
        #expect(image.width == 180 && image.height == 180)
        // The middle of the square shows the photo turned as the box is; its corners reach past the photo's edge.
        for (u, v) in [(90, 90), (60, 90), (120, 90), (90, 60), (90, 120)] {
            let point = padded.photoPoint(u: Double(u) + 0.5, v: Double(v) + 0.5, output: (180, 180))
            let expected = ShapeFixture.colour(x: point.x, y: point.y)
            let got = Array(try image.pixel(x: u, y: v).prefix(3))
            #expect(zip(expected, got).allSatisfy { abs($0 - $1) <= 2 }, "(\(u), \(v)): \(got) for \(expected)")
        }
    }

    /// A COCO file over the gradient (`name`): a polygon in two parts (a triangle and a square),
    /// and a crowd's run-length mask, a right triangle, as a list of counts column by column.
    static func coco(_ scratch: Scratch, image name: String) throws {
        let (width, height) = ShapeFixture.size
        // Inside: columns 100 to 199, rows 50 to 50 + (x - 100).
        var counts: [Int] = []
        var (inside, run) = (false, 0)
        for x in 0..<width {
            for y in 0..<height {
                let bit = x >= 100 && x < 200 && y >= 50 && y <= 50 + (x - 100)
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
            {"images": [{"id": 1, "file_name": "\(name)", "width": \(width), "height": \(height)}],
             "annotations": [
              {"id": 7, "image_id": 1, "category_id": 1, "bbox": [20, 20, 100, 60], "iscrowd": 0,
               "segmentation": [[20, 20, 80, 20, 20, 80], [90, 50, 120, 50, 120, 80, 90, 80]]},
              {"id": 8, "image_id": 1, "category_id": 1, "bbox": [100, 50, 100, 100], "iscrowd": 1,
               "segmentation": {"size": [\(height), \(width)], "counts": \(counts)}}
             ],
             "categories": [{"id": 1, "name": "thing"}]}
            """, to: "instances.json")
    }

    /// Whether a point of the photo is inside the polygon's parts (`margin` pixels away from an edge:
    /// positive inside, negative outside).
    static func inPolygon(_ x: Double, _ y: Double, margin: Double) -> Bool {
        let triangle = x > 20 + margin && y > 20 + margin && x + y < 100 - margin * 1.5
        let square = x > 90 + margin && x < 120 - margin && y > 50 + margin && y < 80 - margin
        return triangle || square
    }

    /// Whether a pixel of the photo is inside the run-length mask.
    static func inMask(_ x: Int, _ y: Int) -> Bool {
        x >= 100 && x < 200 && y >= 50 && y <= 50 + (x - 100)
    }

    @Test(arguments: ["png", "jpg"])
    func polygonsAndMasksKeepTheirInside(ext: String) throws {
        let scratch = try Scratch()
        try ShapeFixture.write(scratch, as: "images/a.\(ext)", options: ext == "jpg" ? [("Q", .int(95))] : [])
        try Self.coco(scratch, image: "a.\(ext)")
        let result = try CommandRunner.run(
            ["crop", "--coco", "instances.json", "--images", "images", "--out-dir", "out", "--mask", "-q"]
                + (ext == "jpg" ? ["--background", "navy", "--quality", "95"] : []), in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["thing/a_7.\(ext)", "thing/a_8.\(ext)"])
        let polygon = try VImage.load(scratch.path("out/thing/a_7.\(ext)"))
        #expect(polygon.width == 100 && polygon.height == 60 && polygon.hasAlpha == (ext == "png"))
        // A JPEG rings for a few pixels along the sharp edge between the shape and the background.
        let margin = ext == "jpg" ? 10 : 1
        try Self.expectShape(polygon, left: 20, top: 20) { x, y, inward in
            Self.inPolygon(Double(x) + 0.5, Double(y) + 0.5, margin: Double(inward ? margin : -margin))
        }
        let mask = try VImage.load(scratch.path("out/thing/a_8.\(ext)"))
        #expect(mask.width == 100 && mask.height == 100 && mask.hasAlpha == (ext == "png"))
        try Self.expectShape(mask, left: 100, top: 50) { x, y, inward in
            let near = (-margin...margin).contains { dx in
                (-margin...margin).contains { dy in Self.inMask(x + dx, y + dy) }
            }
            let all = (-margin...margin).allSatisfy { dx in
                (-margin...margin).allSatisfy { dy in Self.inMask(x + dx, y + dy) }
            }
            return inward ? all : near
        }
    }

    /// Checks a masked crop at (`left`, `top`) of the photo: the gradient where `inside(x, y, true)`,
    /// nothing (alpha 0, or navy in a JPEG) where `!inside(x, y, false)`.
    static func expectShape(
        _ image: VImage, left: Int, top: Int, inside: (Int, Int, Bool) -> Bool
    ) throws {
        var counts = (inside: 0, outside: 0)
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let (px, py) = (left + x, top + y)
                let got = try image.pixel(x: x, y: y)
                if inside(px, py, true) {
                    counts.inside += 1
                    let expected = ShapeFixture.colour(x: Double(px) + 0.5, y: Double(py) + 0.5)
                    #expect(zip(expected, got.prefix(3)).allSatisfy { abs($0 - $1) <= (image.hasAlpha ? 1 : 6) })
                    if image.hasAlpha { #expect(got[3] == 255, "(\(x), \(y)): \(got)") }
                } else if !inside(px, py, false) {
                    counts.outside += 1
                    if image.hasAlpha {
                        #expect(got[3] == 0, "(\(x), \(y)): \(got)")
                    } else {
                        #expect(abs(got[0]) <= 8 && abs(got[1]) <= 8 && abs(got[2] - 128) <= 8, "(\(x), \(y)): \(got)")
                    }
                }
            }
        }
        #expect(counts.inside > 20 && counts.outside > 20, "\(counts)")
    }

    /// Landscape_6 is stored 1200x1800 and shown 1800x1200: a polygon annotated over the stored
    /// pixels is turned with its box, so it masks what the same polygon over Landscape_1 does.
    @Test func aPolygonInTheStoredFrameIsTurnedWithItsBox() throws {
        let scratch = try Scratch()
        for (name, tag) in [("stored", 6), ("shown", 1)] {
            try scratch.place(
                CommandRunner.orientationPhotos.appendingPathComponent("Landscape_\(tag).jpg"), at: "\(name)/p.jpg")
        }
        // Shown: the triangle (1200,100) (1600,100) (1200,400); stored: (x, y) shown is (y, 1800 - x).
        let files = [
            ("stored", 1200, 1800, "[100, 200, 300, 400]", "[100, 600, 100, 200, 400, 600]"),
            ("shown", 1800, 1200, "[1200, 100, 400, 300]", "[1200, 100, 1600, 100, 1200, 400]"),
        ]
        for (name, width, height, bbox, polygon) in files {
            try scratch.write(
                #"{"images": [{"id": 1, "file_name": "p.jpg", "width": \#(width), "height": \#(height)}], "annotations": [{"id": 5, "image_id": 1, "category_id": 1, "bbox": \#(bbox), "segmentation": [\#(polygon)]}], "categories": [{"id": 1, "name": "sky"}]}"#,
                to: "\(name).json")
            let result = try CommandRunner.run(
                ["crop", "--coco", "\(name).json", "--images", name, "--out-dir", "out-\(name)", "--mask"],
                in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("boxes taken in the stored frame") == (name == "stored"), "\(result.stderr)")
        }
        let turned = try VImage.load(scratch.path("out-stored/sky/p_5.jpg"))
        let reference = try VImage.load(scratch.path("out-shown/sky/p_5.jpg"))
        #expect(turned.width == 400 && turned.height == 300 && reference.width == 400 && reference.height == 300)
        #expect(try ImageDifference.mean(turned, reference) < 15)
        // Below the triangle's long edge is the background (white), in both.
        for image in [turned, reference] {
            #expect(try image.pixel(x: 380, y: 280).allSatisfy { $0 > 245 })
            #expect(try image.pixel(x: 20, y: 20).contains { $0 < 240 })
        }
    }
}
