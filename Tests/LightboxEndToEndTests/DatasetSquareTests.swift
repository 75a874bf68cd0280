import Foundation
import SeededRandom
import Testing
import Vips

/// `--square` gives crops with equal sides in pixels for YOLO, COCO and VOC, on odd image sizes,
/// with padding, fractional VOC corners and boxes wider than the photo (`"clipped": true`).
@Suite(.processes) struct DatasetSquareTests {
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

    /// A lossless cut snaps a square to the JPEG's blocks: said once per run, and each record says `"snapped": true`.
    @Test func aLosslessSquareIsWarnedOnceAndReportedSnapped() throws {
        let scratch = try Scratch()
        try scratch.place(CommandRunner.fixtures.appendingPathComponent("photo.jpg"), at: "images/a.jpg")
        try scratch.write("0 0.31 0.37 0.1 0.1\n0 0.5 0.5 0.07 0.05\n", to: "labels/a.txt")
        let yolo = ["crop", "--yolo", "labels", "--images", "images", "--square", "--json"]
        let warning = "warning: \(Self.squareSnapWarning)\n"
        let lossless = try CommandRunner.run(yolo + ["--out-dir", "cut", "--lossless"], in: scratch.url)
        #expect(lossless.status == 0, "\(lossless.stderr)")
        #expect(lossless.stderr == warning + "2 done, 0 failed, 0 skipped\n", "\(lossless.stderr)")
        let records = try lossless.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.allSatisfy { $0?["snapped"] as? Bool == true })
        let pixels = records.compactMap { $0?["pixels"] as? [String: Int] }
        #expect(pixels.contains { $0["width"] != $0["height"] }, "\(pixels)")
        let decoded = try CommandRunner.run(yolo + ["--out-dir", "plain"], in: scratch.url)
        #expect(decoded.status == 0 && !decoded.stderr.contains("warning"), "\(decoded.stderr)")
        let client = try BatchClient([], in: scratch)
        for id in 1...2 {
            try client.send([
                "id": id, "command": "crop", "input": "images/a.jpg", "rect": "0.1,0.1,0.1,0.1", "square": true,
                "lossless": true, "output": "b\(id).jpg",
            ])
            let answer = try client.answer()
            #expect((answer["pixels"] as? [String: Int]).map { $0["width"] != nil } == true)
            #expect(answer["snapped"] as? Bool == true)
            // A batch job's warnings are its answer's: each job that may not stay square says so.
            #expect(answer["warnings"] as? [String] == [Self.squareSnapWarning], "\(answer)")
        }
        let end = try client.finish()
        #expect(end.status == 0 && end.stderr == "2 done, 0 failed\n", "\(end.stderr)")
    }

    /// The warning's text, as the run prints it after `warning: `.
    static let squareSnapWarning =
        #"a lossless cut snaps to the JPEG's 8 or 16 pixel blocks, so a --square crop may not stay square (its record says "snapped": true)"#
}
