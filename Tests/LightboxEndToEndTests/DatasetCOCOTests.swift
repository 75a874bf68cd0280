import Foundation
import Testing
import Vips

/// `lightbox crop --coco` on instances files the tests write: pixels, crowd boxes, --only, rotated photos.
@Suite(.processes) struct DatasetCOCOTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// Two pattern images and an instances file with three annotations (one a crowd box).
    static func dataset(
        categories: String = #"[{"id": 1, "name": "cat"}, {"id": 3, "name": "traffic light"}]"#
    ) throws -> Scratch {
        let scratch = try Scratch()
        try scratch.place(pattern, at: "images/a.png")
        try scratch.place(pattern, at: "images/sub/b.png")
        try scratch.write(
            """
            {"info": {"year": 2024, "nested": [1, {"x": "]}"}]},
             "images": [{"id": 1, "file_name": "a.png", "width": 640, "height": 480},
                        {"id": 2, "file_name": "sub/b.png", "width": 640, "height": 480, "license": null}],
             "annotations": [
              {"id": 10, "image_id": 1, "category_id": 1, "bbox": [64, 48, 128, 96], "iscrowd": 0,
               "segmentation": [[64, 48, 192, 48, 192, 144]], "area": 6144.5},
              {"id": 11, "image_id": 2, "category_id": 3, "bbox": [320.0, 240, 1e2, 50], "iscrowd": 1,
               "segmentation": {"counts": [1, 2, 3], "size": [480, 640]}},
              {"id": 12, "image_id": 1, "category_id": 3, "bbox": [600, 400, 100, 100]}
             ],
             "categories": \(categories)}
            """, to: "instances.json")
        return scratch
    }

    @Test func everyBoxGoesIntoItsCategoryFolderCrowdBoxesToo() throws {
        let scratch = try Self.dataset()
        let result = try CommandRunner.run([
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["cat/a_10.png", "traffic light/a_12.png", "traffic light/b_11.png"])
        let cat = try VImage.load(scratch.path("out/cat/a_10.png"))
        #expect(cat.width == 128 && cat.height == 96)
        #expect(try PatternPixel.source(in: cat, x: 0, y: 0) == (64, 48))
        let crowd = try VImage.load(scratch.path("out/traffic light/b_11.png"))
        #expect(crowd.width == 100 && crowd.height == 50)
        #expect(try PatternPixel.source(in: crowd, x: 99, y: 49) == (419, 289))
        // The box sticking out at the bottom right is clipped to the image: 40 x 80.
        let clipped = try VImage.load(scratch.path("out/traffic light/a_12.png"))
        #expect(clipped.width == 40 && clipped.height == 80)
    }

    /// pycocotools writes the whole file on one line: each record names its annotation and image
    /// by id, and so does each error, rather than all saying line 1.
    @Test func recordsAndErrorsNameTheAnnotationNotTheLine() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "images/a.png")
        try scratch.write(
            #"{"images":[{"id":7,"file_name":"a.png","width":640,"height":480},"#
                + #"{"id":8,"file_name":"gone.png","width":640,"height":480}],"annotations":["#
                + #"{"id":41,"image_id":7,"category_id":1,"bbox":[64,48,128,96]},"#
                + #"{"id":42,"image_id":8,"category_id":1,"bbox":[64,48,128,96]}],"#
                + #""categories":[{"id":1,"name":"cat"}]}"#, to: "one-line.json")
        let result = try CommandRunner.run(
            ["crop", "--coco", "one-line.json", "--images", "images", "--out-dir", "out", "--json"], in: scratch.url)
        #expect(result.status == 1)
        let records = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.map { $0["annotation"] as? Int } == [41, 42], "\(result.stdout)")
        #expect(records.map { $0["imageId"] as? Int } == [7, 8])
        #expect(records.allSatisfy { $0["line"] == nil && $0["source"] as? String == "one-line.json" })
        #expect(
            result.stderr.hasPrefix(
                "error: one-line.json: annotation 42: images/gone.png: cannot open: No such file or directory\n"),
            "\(result.stderr)")
    }

    @Test func onlyPadAndSquare() throws {
        let scratch = try Self.dataset()
        let result = try CommandRunner.run([
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"),
            "--out-dir", scratch.path("out"), "--only", "cat", "--pad", "0.25", "--square",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["cat/a_10.png"])
        // 128x96 padded by a quarter each side is 192x144 at (32, 24); square makes it 192x192 about its centre.
        let cat = try VImage.load(scratch.path("out/cat/a_10.png"))
        #expect(cat.width == 192 && cat.height == 192)
        #expect(try PatternPixel.source(in: cat, x: 0, y: 0) == (32, 0))
    }

    @Test func anUnknownOnlyClassAndABadCategoryNameStopBeforeAnyCrop() throws {
        let scratch = try Self.dataset()
        var result = try CommandRunner.run([
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"), "--only", "dog",
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "error: \(scratch.path("instances.json")): --only: no class named or numbered 'dog' in \(scratch.path("instances.json")) (the classes are 1 cat, 3 traffic light)"
            ))
        let bad = try Self.dataset(categories: #"[{"id": 1, "name": "cat"}, {"id": 3, "name": "../up"}]"#)
        result = try CommandRunner.run([
            "crop", "--coco", bad.path("instances.json"), "--images", bad.path("images"), "--out-dir", bad.path("out"),
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("class 3 '../up' cannot be a folder name: it holds '/'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bad.path("out")))
    }

    @Test(
        arguments: [
            (
                #"{"images": [], "annotations": [{"id": 1, "image_id": 9, "category_id": 1, "bbox": [0, 0, 1, 1]}], "categories": [{"id": 1, "name": "a"}]}"#,
                "instances.json:1: image_id: annotation 1: no image with id 9", 1
            ),
            (
                #"{"images": [{"id": 1, "file_name": "../x.png", "width": 1, "height": 1}], "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1]}], "categories": [{"id": 1, "name": "a"}]}"#,
                "instances.json:1: file_name: image 1: file_name must be a relative path inside --images", 1
            ),
            (
                "{\"images\": [],\n \"annotations\": [{\"id\": 1, \"bbox\": [0, 0, 1]]}",
                "instances.json:2: expected ',' or '}' in an object", 65
            ),
            (
                #"{"images": [], "annotations": []}"#,
                "instances.json: categories: no 'categories' array: is this a COCO instances file?", 65
            ),
        ] as [(String, String, Int32)])
    func badFilesNameFileAndLine(text: String, message: String, status: Int32) throws {
        let scratch = try Scratch()
        try scratch.write(text, to: "instances.json")
        let result = try CommandRunner.run([
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"),
        ])
        #expect(result.status == status)
        #expect(result.stderr.contains("error: \(scratch.url.path)/\(message)"), "\(result.stderr)")
    }

    /// Landscape_6 is stored 1200x1800 and shown 1800x1200; one box given in each frame crops the same pixels.
    @Test(arguments: [
        (1800, 1200, [1200.0, 100, 400, 300], nil as String?),
        (
            1200, 1800, [100.0, 200, 300, 400],
            "is the stored size of an image shown turned (EXIF orientation 6) as 1800x1200; boxes taken in the stored frame"
        ),
        (
            900, 600, [600.0, 50, 200, 150],
            "matches neither the image's displayed size 1800x1200 nor its stored size 1200x1800; boxes scaled to the displayed image"
        ),
    ])
    func aRotatedPhotoIsCroppedInTheFrameItsAnnotationStates(
        width: Int, height: Int, bbox: [Double], warning: String?
    ) throws {
        let scratch = try Scratch()
        try scratch.place(CommandRunner.orientationPhotos.appendingPathComponent("Landscape_6.jpg"), at: "images/p.jpg")
        let box = bbox.map { String($0) }.joined(separator: ", ")
        try scratch.write(
            #"{"images": [{"id": 1, "file_name": "p.jpg", "width": \#(width), "height": \#(height)}], "annotations": [{"id": 5, "image_id": 1, "category_id": 1, "bbox": [\#(box)]}], "categories": [{"id": 1, "name": "sky"}]}"#,
            to: "instances.json")
        let result = try CommandRunner.run([
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == (warning == nil ? 0 : 1), "\(result.stderr)")
        if let warning { #expect(warnings.first?.hasSuffix(warning) == true, "\(result.stderr)") }
        let reference = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
        let upright = try CommandRunner.run([
            "crop", reference, "--rect", "\(2.0 / 3),\(1.0 / 12),\(2.0 / 9),0.25", "-o", scratch.path("reference.jpg"),
        ])
        #expect(upright.status == 0, "\(upright.stderr)")
        let image = try VImage.load(scratch.path("out/sky/p_5.jpg"))
        let expected = try VImage.load(scratch.path("reference.jpg"))
        #expect(image.width == 400 && image.height == 300 && expected.width == 400)
        #expect(try ImageDifference.mean(image, expected) < 15)
    }
}
