import Foundation
import Testing
import Vips

/// `lightbox crop --yolo` on Ultralytics datasets the tests write: splits, dict names, polygons, rotated photos.
@Suite(.processes) struct DatasetYOLOTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// An Ultralytics layout under `ds/` with `cfg/data.yaml` pointing at it through `path`.
    static func ultralytics(_ yaml: String) throws -> Scratch {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "ds/images/train/a.png")
        try scratch.write("0 0.25 0.25 0.5 0.5\n1 0.1 0.1 0.3 0.1 0.2 0.4\n", to: "ds/labels/train/a.txt")
        try scratch.place(Self.pattern, at: "ds/images/val/sub/b.png")
        try scratch.write("1 0.75 0.75 0.5 0.5\n", to: "ds/labels/val/sub/b.txt")
        try scratch.place(Self.pattern, at: "ds/images/test/c.png")
        try scratch.write("./images/test/c.png\n", to: "ds/test.txt")
        try scratch.write(yaml, to: "cfg/data.yaml")
        return scratch
    }

    @Test func splitsDictNamesAndPolygonsGoIntoSplitAndClassFolders() throws {
        let scratch = try Self.ultralytics(
            """
            # made by hand
            path: ../ds  # the root, relative to this file
            train: images/train
            val: [images/val]
            test: test.txt
            names:
              0: cat  # feline
              1: 'traffic light'
            """)
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("cfg/data.yaml"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            scratch.files(under: "out") == [
                "train/cat/a_1.png", "train/traffic light/a_2.png", "val/traffic light/b_1.png",
            ])
        let cat = try VImage.load(scratch.path("out/train/cat/a_1.png"))
        #expect(cat.width == 320 && cat.height == 240)
        // The triangle (0.1,0.1) (0.3,0.1) (0.2,0.4) of 640x480 is bounded by x 64...192, y 48...192.
        let polygon = try VImage.load(scratch.path("out/train/traffic light/a_2.png"))
        #expect(polygon.width == 128 && polygon.height == 144)
        let corner = try PatternPixel.source(in: polygon, x: 0, y: 0)
        #expect(corner.x == 64 && corner.y == 48)
        let val = try PatternPixel.source(
            in: try VImage.load(scratch.path("out/val/traffic light/b_1.png")), x: 0, y: 0)
        #expect(val.x == 320 && val.y == 240)
    }

    /// Label files that no image names are skipped, as Ultralytics skips them, but said once:
    /// the count and the first three names; the images' own crops are made.
    @Test func labelFilesWithoutAnImageAreNamedInOneWarning() throws {
        let scratch = try Self.ultralytics("path: ../ds\ntrain: images/train\nval: images/val\nnames: [cat, dog]\n")
        for name in ["x", "y", "z", "w"] {
            try scratch.write("0 0.5 0.5 0.2 0.2\n", to: "ds/labels/train/\(name).txt")
        }
        try scratch.write("0 0.5 0.5 0.2 0.2\n", to: "ds/labels/val/sub/v.txt")
        try scratch.write("0 0.5 0.5 0.2 0.2\n", to: "ds/labels/test/t.txt")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("cfg/data.yaml"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "warning: \(scratch.path("cfg/data.yaml")): 5 label files have no image and are skipped: "
                + "labels/train/w.txt, labels/train/x.txt, labels/train/y.txt and 2 more\n"
                + "3 done, 0 failed, 0 skipped\n")
        #expect(scratch.files(under: "out") == ["train/cat/a_1.png", "train/dog/a_2.png", "val/dog/b_1.png"])
    }

    @Test func onlyKeepsTheNamedClassesAndRefusesUnknownOnes() throws {
        let yaml = "path: ../ds\ntrain: images/train\nval: images/val\nnames: {0: cat, 1: traffic light}\n"
        let scratch = try Self.ultralytics(yaml)
        var result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("cfg/data.yaml"), "--out-dir", scratch.path("out"), "--only",
            "traffic light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["train/traffic light/a_2.png", "val/traffic light/b_1.png"])
        result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("cfg/data.yaml"), "--out-dir", scratch.path("out2"), "--only", "cat,dog",
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "--only: no class named or numbered 'dog' in \(scratch.path("cfg/data.yaml")) (the classes are 0 cat, 1 traffic light)"
            ),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out2")))
    }

    @Test func pathDefaultsToTheYAMLFolderAndFlowNamesWork() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "images/val/x.png")
        try scratch.write("0 0.5 0.5 0.5 0.5\n", to: "labels/val/x.txt")
        try scratch.write("train: images/val\nval: images/val\nnames: {0: dog}\n", to: "data.yaml")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("data.yaml"), "--out-dir", scratch.path("out"), "--splits", "val",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["val/dog/x_1.png"])
    }

    @Test func aRotatedPhotoIsCroppedAsDisplayed() throws {
        let scratch = try Scratch()
        for orientation in [1, 6] {
            let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_\(orientation).jpg")
            try scratch.place(photo, at: "images/train/p\(orientation).jpg")
            try scratch.write("0 0.3 0.4 0.2 0.3\n", to: "labels/train/p\(orientation).txt")
        }
        try scratch.write("train: images/train\nnames: [thing]\n", to: "data.yaml")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("data.yaml"), "--out-dir", scratch.path("out"), "--splits", "train",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let upright = try VImage.load(scratch.path("out/train/thing/p1_1.jpg"))
        let rotated = try VImage.load(scratch.path("out/train/thing/p6_1.jpg"))
        #expect(rotated.width == upright.width && rotated.height == upright.height)
        #expect(try ImageDifference.mean(rotated, upright) < 15)
    }

    @Test func unnamedClassIdsAndBadLinesAreErrorsWithFileAndLine() throws {
        let scratch = try Self.ultralytics("path: ../ds\ntrain: images/train\nval: images/val\nnames: [cat]\n")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("cfg/data.yaml"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 1)
        let labels = scratch.path("ds/labels")
        #expect(
            result.stderr.contains(
                "error: \(labels)/train/a.txt:2: class: class 1 has no name in \(scratch.path("cfg/data.yaml"))"))
        #expect(result.stderr.contains("error: \(labels)/val/sub/b.txt:1: class: class 1 has no name"))
        #expect(scratch.files(under: "out") == ["train/cat/a_1.png"])
    }

    @Test(arguments: [
        (
            "names: [cat, 'a/b']\ntrain: images/train\n",
            "data.yaml:1: names: class 1 'a/b' cannot be a folder name: it holds '/'"
        ),
        (
            "names: [cat]\ntrain: {folder: images/train}\nval: images/val\n",
            "data.yaml:2: train: expected a folder or an image list, got a mapping"
        ),
        (
            "names: [cat]\ntrain: images/nowhere\nval: images/val\n",
            "data.yaml:2: train: no such folder or image list: "
        ),
        ("names: [cat]\ntrain:\nval:\n", "data.yaml:1: no 'train', 'val' or 'test' entry"),
        (
            "names: [cat]\ntrain:\nval:\ntest: images/test\n",
            "data.yaml: no labels found: none of the 1 images has a label file"
        ),
        ("names: [cat]\n", "data.yaml:1: train: no 'train' entry: Ultralytics needs 'train' and 'val'"),
        (
            "names: [cat]\ntrain: images/train\n",
            "data.yaml:1: val: no 'val' entry: Ultralytics needs 'train' and 'val'"
        ),
        (
            "names: [cat]\ntrain: images/train\nval: images/nowhere\n",
            "data.yaml:3: val: no such folder or image list: "
        ),
        ("names: [cat\ntrain: x\n", "data.yaml:2: while parsing a flow sequence"),
    ])
    func badDatasetsStopBeforeAnyCrop(yaml: String, message: String) throws {
        let scratch = try Self.ultralytics("")
        let path = try scratch.write(yaml, to: "ds/data.yaml")
        let result = try CommandRunner.run(["crop", "--yolo", path, "--out-dir", scratch.path("out")])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(scratch.path("ds"))/\(message)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    /// A data.yaml without a `val` key is refused as Ultralytics refuses it, unless `--splits`
    /// names only splits it has; `validation` stands for `val`.
    @Test func aMissingValKeyIsAnErrorUnlessSplitsPicksTheOthers() throws {
        let scratch = try Self.ultralytics("path: ../ds\ntrain: images/train\nnames: [cat, dog]\n")
        let yaml = scratch.path("cfg/data.yaml")
        var result = try CommandRunner.run(["crop", "--yolo", yaml, "--out-dir", scratch.path("out")])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "error: \(yaml):1: val: no 'val' entry: Ultralytics needs 'train' and 'val' (--splits reads only the splits it names)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
        result = try CommandRunner.run([
            "crop", "--yolo", yaml, "--out-dir", scratch.path("out"), "--splits", "train",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["train/cat/a_1.png", "train/dog/a_2.png"])
        try scratch.write(
            "path: ../ds\ntrain: images/train\nvalidation: images/val\nnames: [cat, dog]\n", to: "cfg/data.yaml")
        result = try CommandRunner.run(["crop", "--yolo", yaml, "--out-dir", scratch.path("both")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "both") == ["train/cat/a_1.png", "train/dog/a_2.png", "val/dog/b_1.png"])
    }

    @Test func flatFormKeepsLabelSubfoldersAsSplits() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "images/train/a.png")
        try scratch.place(Self.pattern, at: "images/b.png")
        try scratch.write("0 0.5 0.5 0.5 0.5\n", to: "labels/train/a.txt")
        try scratch.write("1 0.5 0.5 0.25 0.25\n", to: "labels/val/b.txt")
        try scratch.write("cat\ndog\n", to: "classes.txt")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"),
            "--classes", scratch.path("classes.txt"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("2 done, 0 failed, 0 skipped\n"))
        #expect(scratch.files(under: "out") == ["train/cat/a_1.png", "val/dog/b_1.png"])
    }

    @Test func flatFormWithoutLabelsIsAnError() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "images/a.png")
        try scratch.write("", to: "labels/notes.md")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"),
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("error: \(scratch.path("labels")): no labels found"))
    }
}
