import Foundation
import SeededRandom
import Testing
import Vips

/// `--square` gives crops with equal sides in pixels for YOLO, COCO and VOC, on odd image sizes,
/// with padding, fractional VOC corners and boxes wider than the photo (`"clipped": true`).
@Suite struct DatasetSquareTests {
    /// The image sizes the issue met crops one pixel off on.
    static let sizes = [(997, 751), (1001, 479), (640, 603)]

    /// Writes one grey PNG per size as `images/<n>.png` and returns their names and sizes.
    static func images(in scratch: Scratch, folder: String) throws -> [(String, Int, Int)] {
        try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        return try sizes.enumerated().map { index, size in
            let name = "p\(index).png"
            try VImage.filled(width: size.0, height: size.1, color: [90, 120, 150]).save(
                to: scratch.path("\(folder)/\(name)"), saver: "pngsave")
            return (name, size.0, size.1)
        }
    }

    /// The size of every file under `folder`, by path.
    static func sizes(under folder: String, in scratch: Scratch) throws -> [String: (Int, Int)] {
        var found: [String: (Int, Int)] = [:]
        for file in scratch.files(under: folder) {
            let image = try VImage.load(scratch.path("\(folder)/\(file)"))
            found[file] = (image.width, image.height)
        }
        return found
    }

    @Test(arguments: [[String](), ["--pad", "0.1"]])
    func yoloBoxesAreSquare(pad: [String]) throws {
        let scratch = try Scratch()
        var random = SeededRandom(seed: 7)
        for (name, _, _) in try Self.images(in: scratch, folder: "images") {
            let lines = (0..<14).map { _ in random.yoloLine() }
            try scratch.write(
                lines.joined(separator: "\n") + "\n",
                to: "labels/" + name.replacingOccurrences(of: ".png", with: ".txt"))
        }
        let result = try CommandRunner.run(
            [
                "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"), "--out-dir",
                scratch.path("out"), "--square",
            ] + pad)
        #expect(result.status == 0, "\(result.stderr)")
        let found = try Self.sizes(under: "out", in: scratch)
        #expect(found.count == 42)
        for (file, size) in found { #expect(size.0 == size.1, "\(file) is \(size.0)x\(size.1)") }
    }

    @Test func cocoBoxesAreSquareAndAWideOneIsShrunkAndMarkedClipped() throws {
        let scratch = try Scratch()
        let images = try Self.images(in: scratch, folder: "images")
        var random = SeededRandom(seed: 11)
        var annotations: [String] = []
        for (index, image) in images.enumerated() {
            for number in 0..<10 {
                let box = random.pixelBox(width: image.1, height: image.2)
                annotations.append(
                    #"{"id": \#(index * 100 + number), "image_id": \#(index), "category_id": 1, "bbox": [\#(box)]}"#)
            }
        }
        // The full width of the 1001x479 photo: no square of 1001 fits, so it is 479 and clipped.
        annotations.append(#"{"id": 999, "image_id": 1, "category_id": 1, "bbox": [0, 200, 1001, 40]}"#)
        let list = images.enumerated().map {
            #"{"id": \#($0.offset), "file_name": "\#($0.element.0)", "width": \#($0.element.1), "height": \#($0.element.2)}"#
        }
        try scratch.write(
            #"{"images": [\#(list.joined(separator: ","))], "annotations": [\#(annotations.joined(separator: ","))], "categories": [{"id": 1, "name": "box"}]}"#,
            to: "instances.json")
        let result = try CommandRunner.run([
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"), "--square", "--pad", "0.1", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let found = try Self.sizes(under: "out", in: scratch)
        #expect(found.count == 31)
        for (file, size) in found { #expect(size.0 == size.1, "\(file) is \(size.0)x\(size.1)") }
        #expect(found["box/p1_999.png"].map { $0 == (479, 479) } == true)
        let wide = result.lines.filter { $0.contains("p1_999.png") }
        #expect(wide.count == 1 && wide[0].contains(#""clipped":true"#), "\(wide)")
        let others = result.lines.filter { !$0.contains("p1_999.png") && $0.contains(#""clipped":true"#) }
        #expect(others.isEmpty, "\(others)")
    }

    @Test func vocFractionalCornersGiveASquare() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("img"), withIntermediateDirectories: true)
        try VImage.filled(width: 640, height: 480, color: [10, 20, 30]).save(
            to: scratch.path("img/a.png"), saver: "pngsave")
        try scratch.write(
            """
            <annotation><filename>a.png</filename><size><width>640</width><height>480</height></size>
            <object><name>cat</name><bndbox><xmin>100.5</xmin><ymin>101</ymin><xmax>299.9</xmax><ymax>251.2</ymax></bndbox></object>
            </annotation>
            """, to: "ann/a.xml")
        let result = try CommandRunner.run([
            "crop", "--voc", scratch.path("ann"), "--images", scratch.path("img"), "--out-dir", scratch.path("out"),
            "--square",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let cat = try VImage.load(scratch.path("out/cat/a_1.png"))
        #expect(cat.width == 200 && cat.height == 200, "\(cat.width)x\(cat.height)")
    }
}
