import Foundation
import Testing
import Vips

/// `lightbox crop --voc` on Pascal VOC files the tests write: 1-based corners, bad files, --only.
@Suite(.processes) struct DatasetVOCTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// One VOC file for `image` (640x480) with `objects` as `<object>` elements.
    static func annotation(_ image: String, _ objects: [(String, [Int])]) -> String {
        let body = objects.map { name, c in
            "<object><name>\(name)</name><pose>Left</pose><difficult>0</difficult><bndbox><xmin>\(c[0])</xmin><ymin>\(c[1])</ymin><xmax>\(c[2])</xmax><ymax>\(c[3])</ymax></bndbox></object>"
        }
        return
            "<annotation>\n<folder>VOC2012</folder>\n<filename>\(image)</filename>\n<size><width>640</width><height>480</height><depth>3</depth></size>\n"
            + body.joined(separator: "\n") + "\n</annotation>\n"
    }

    @Test func oneBasedCornersBecomeExactPixels() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "JPEGImages/a.png")
        try scratch.place(Self.pattern, at: "JPEGImages/b.png")
        try scratch.write(
            Self.annotation("a.png", [("cat", [65, 49, 192, 144]), ("dog", [1, 1, 640, 480])]), to: "Annotations/a.xml")
        try scratch.write(Self.annotation("b.png", [("cat", [321, 241, 420, 290])]), to: "Annotations/b.xml")
        let result = try CommandRunner.run([
            "crop", "--voc", scratch.path("Annotations"), "--images", scratch.path("JPEGImages"), "--out-dir",
            scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["cat/a_1.png", "cat/b_1.png", "dog/a_2.png"])
        // xmin 65..xmax 192 (1-based, inclusive) is pixels 64 to 191: 128 wide.
        let cat = try VImage.load(scratch.path("out/cat/a_1.png"))
        #expect(cat.width == 128 && cat.height == 96)
        #expect(try PatternPixel.source(in: cat, x: 0, y: 0) == (64, 48))
        #expect(try PatternPixel.source(in: cat, x: 127, y: 95) == (191, 143))
        let whole = try VImage.load(scratch.path("out/dog/a_2.png"))
        #expect(whole.width == 640 && whole.height == 480)
    }

    /// `--skip-difficult` leaves out `<difficult>1</difficult>` objects, as Ultralytics' VOC
    /// conversion does; the others keep their numbers. An `--only` class whose every box is
    /// difficult is then a warning, as for any class no box has.
    @Test func skipDifficultLeavesOutDifficultObjects() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "img/a.png")
        let objects = Self.annotation(
            "a.png", [("cat", [65, 49, 192, 144]), ("dog", [1, 1, 64, 48]), ("cat", [1, 1, 32, 32])])
        let marked = objects.replacingOccurrences(
            of: "<name>dog</name><pose>Left</pose><difficult>0</difficult>",
            with: "<name>dog</name><pose>Left</pose><difficult>1</difficult>")
        try scratch.write(marked, to: "ann/a.xml")
        let base = ["crop", "--voc", "ann", "--images", "img"]
        let all = try CommandRunner.run(base + ["--out-dir", "all"], in: scratch.url)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(scratch.files(under: "all") == ["cat/a_1.png", "cat/a_3.png", "dog/a_2.png"])
        let easy = try CommandRunner.run(base + ["--out-dir", "easy", "--skip-difficult"], in: scratch.url)
        #expect(easy.status == 0, "\(easy.stderr)")
        #expect(scratch.files(under: "easy") == ["cat/a_1.png", "cat/a_3.png"])
        let only = try CommandRunner.run(
            base + ["--out-dir", "only", "--skip-difficult", "--only", "cat,dog"], in: scratch.url)
        #expect(only.status == 0)
        #expect(only.stderr.contains("warning: --only: no box has class 'dog'"), "\(only.stderr)")
        let none = try CommandRunner.run(
            base + ["--out-dir", "none", "--skip-difficult", "--only", "dog"], in: scratch.url)
        #expect(none.status == 65, "\(none.stderr)")
        let refused = try CommandRunner.run(
            ["crop", "--coco", "x.json", "--images", "img", "--out-dir", "o", "--skip-difficult"], in: scratch.url)
        #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: --skip-difficult does not go with --coco"))
    }

    @Test func badFilesAreReportedAndTheRestIsCropped() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "img/a.png")
        try scratch.place(Self.pattern, at: "img/c.png")
        try scratch.write(
            Self.annotation("a.png", [("cat", [65, 49, 192, 144]), ("cat", [50, 50, 10, 60])]), to: "ann/a.xml")
        try scratch.write(
            "<annotation>\n<filename>b.png</filename>\n<object><name>cat</name>\n</annotation>\n", to: "ann/b.xml")
        try scratch.write(
            "<annotation><filename>c.png</filename><object><name>cat</name></object></annotation>", to: "ann/c.xml")
        let result = try CommandRunner.run([
            "crop", "--voc", scratch.path("ann"), "--images", scratch.path("img"), "--out-dir", scratch.path("out"),
            "--only", "cat",
        ])
        #expect(result.status == 1)
        let ann = scratch.path("ann")
        #expect(
            result.stderr.contains(
                "error: \(ann)/a.xml:6: bndbox: expected <bndbox> with numbers xmin <= xmax and ymin <= ymax"),
            "\(result.stderr)")
        #expect(result.stderr.contains("error: \(ann)/b.xml:4: not well-formed XML"), "\(result.stderr)")
        #expect(
            result.stderr.contains("error: \(ann)/c.xml: size: no <size> with a <width> and <height> above 0"),
            "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["cat/a_1.png"])
    }

    @Test func aClassNameThatIsNoFolderStopsBeforeAnyCrop() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "img/a.png")
        try scratch.write(
            Self.annotation("a.png", [("cat", [1, 1, 10, 10]), ("x\ty", [1, 1, 10, 10])]), to: "ann/a.xml")
        let result = try CommandRunner.run([
            "crop", "--voc", scratch.path("ann"), "--images", scratch.path("img"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "error: \(scratch.path("ann"))/a.xml:6: name: class 'x\\u{9}y' cannot be a folder name: it holds a control character"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }
}
