import Foundation
import Testing

/// data.yaml files as Roboflow exports them and as Ultralytics ships them, read with Ultralytics'
/// own path rules (`check_det_dataset`): a missing optional split, `--splits`, `--datasets-dir`.
@Suite(.processes) struct DatasetExportTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// A Roboflow YOLO export: `train/` and `valid/` beside data.yaml, no `test/` folder.
    static func roboflow() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.place(pattern, at: "export/train/images/a.png")
        try scratch.write("0 0.25 0.25 0.5 0.5\n", to: "export/train/labels/a.txt")
        try scratch.place(pattern, at: "export/valid/images/b.png")
        try scratch.write("1 0.75 0.75 0.5 0.5\n", to: "export/valid/labels/b.txt")
        try scratch.write(
            """
            train: ../train/images
            val: ../valid/images
            test: ../test/images

            nc: 2
            names: ['cat', 'dog']

            roboflow:
              workspace: someone
              project: pets
              version: 3
              license: CC BY 4.0
              url: https://universe.roboflow.com/someone/pets/dataset/3
            """, to: "export/data.yaml")
        return scratch
    }

    @Test func aRoboflowExportWithoutATestFolderIsCutWithAWarning() throws {
        let scratch = try Self.roboflow()
        let yaml = scratch.path("export/data.yaml")
        let result = try CommandRunner.run(["crop", "--yolo", yaml, "--out-dir", scratch.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: \(yaml):3: test: no such folder or image list: \(scratch.path("test/images")); the test split is skipped"
            ), "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["train/cat/a_1.png", "val/dog/b_1.png"])
    }

    @Test func splitsPicksSplitsAndASplitItNamesMustBeThere() throws {
        let scratch = try Self.roboflow()
        let yaml = scratch.path("export/data.yaml")
        var result = try CommandRunner.run([
            "crop", "--yolo", yaml, "--out-dir", scratch.path("out"), "--splits", "train,val",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["train/cat/a_1.png", "val/dog/b_1.png"])
        // Roboflow's folder says `valid`, others say `validation`: both are the val split.
        for (index, name) in ["val", "valid", "validation", "train,valid"].enumerated() {
            result = try CommandRunner.run([
                "crop", "--yolo", yaml, "--out-dir", scratch.path("v\(index)"), "--splits", name,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let expected = (name.hasPrefix("train") ? ["train/cat/a_1.png"] : []) + ["val/dog/b_1.png"]
            #expect(scratch.files(under: "v\(index)") == expected, "\(name)")
        }
        result = try CommandRunner.run(["crop", "--yolo", yaml, "--out-dir", scratch.path("t"), "--splits", "test"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("error: \(yaml):3: test: no such folder or image list"), "\(result.stderr)")
        result = try CommandRunner.run(["crop", "--yolo", yaml, "--out-dir", scratch.path("t"), "--splits", "tset"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "--splits 'tset': 'tset' is not a split (did you mean 'test'? use train, val or valid, test)"))
    }

    /// The stock `coco8.yaml` shape: `path: coco8`, kept apart from its data.
    static func coco8() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.place(pattern, at: "datasets/coco8/images/train/000000000009.png")
        try scratch.write("0 0.5 0.5 0.25 0.25\n", to: "datasets/coco8/labels/train/000000000009.txt")
        try scratch.place(pattern, at: "datasets/coco8/images/val/000000000036.png")
        try scratch.write("1 0.5 0.5 0.25 0.25\n", to: "datasets/coco8/labels/val/000000000036.txt")
        try scratch.write(
            """
            # The stock layout: the yaml ships with the code, the data sits in datasets_dir.
            path: coco8 # dataset root dir
            train: images/train # relative to 'path'
            val: images/val
            test: # optional
            names:
              0: person
              1: bicycle
            download: https://example.invalid/coco8.zip
            """, to: "ultralytics/cfg/datasets/coco8.yaml")
        return scratch
    }

    @Test func coco8FindsItsRootInTheDatasetsDirOrTheCurrentFolder() throws {
        let scratch = try Self.coco8()
        let yaml = scratch.path("ultralytics/cfg/datasets/coco8.yaml")
        var result = try CommandRunner.run(["crop", "--yolo", yaml, "--out-dir", scratch.path("out")])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "error: \(yaml):2: path: no folder 'coco8' beside this file or in the current folder (Ultralytics looks in its datasets_dir too: give it with --datasets-dir DIR)"
            ), "\(result.stderr)")
        result = try CommandRunner.run([
            "crop", "--yolo", yaml, "--datasets-dir", scratch.path("datasets"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            scratch.files(under: "out") == ["train/person/000000000009_1.png", "val/bicycle/000000000036_1.png"])
        result = try CommandRunner.run(
            ["crop", "--yolo", yaml, "--out-dir", scratch.path("here")],
            in: scratch.url.appendingPathComponent("datasets"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "here").count == 2)
    }
}
