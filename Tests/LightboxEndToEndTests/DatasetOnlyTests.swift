import Foundation
import Testing

/// One `--only` rule for every format: an entry that cannot match is an error naming `--classes`
/// and the known names; a class no box has is a warning while the rest is cut, and a filter no
/// box matches at all is an error (exit 65, nothing done); ids pick classes with or without names.
@Suite(.processes) struct DatasetOnlyTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// Bare YOLO label files: one image with a box of class 0 and one of class 3.
    static func flat() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.place(pattern, at: "images/a.png")
        try scratch.write("0 0.25 0.25 0.5 0.5\n3 0.75 0.75 0.25 0.25\n", to: "labels/a.txt")
        return scratch
    }

    /// `crop --yolo LABELS --images IMAGES --out-dir out` with `extra` arguments.
    static func run(_ scratch: Scratch, _ extra: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(
            [
                "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"), "--out-dir",
                scratch.path("out"),
            ]
                + extra)
    }

    @Test func aNameWithoutClassNamesIsAnErrorNamingClasses() throws {
        let scratch = try Self.flat()
        let result = try Self.run(scratch, ["--only", "bird"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "error: \(scratch.path("labels")): --only: 'bird' is not a class id, and these labels have no class names: give them with --classes"
            ), "\(result.stderr)")
        #expect(!result.stderr.contains("0 done"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    @Test func idsPickClassesWithoutNames() throws {
        let scratch = try Self.flat()
        let result = try Self.run(scratch, ["--only", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["3/a_2.png"])
    }

    /// (names given, --only, cut, warnings): a class no box has is named and the rest is cut.
    static let partial: [(Bool, String, [String], [String])] = [
        (false, "0,7", ["0/a_1.png"], ["warning: --only: no box has class 7"]),
        (
            false, "0,3,5,7", ["0/a_1.png", "3/a_2.png"],
            ["warning: --only: no box has class 5", "warning: --only: no box has class 7"]
        ),
        (true, "cat,fish", ["cat/a_1.png"], ["warning: --only: no box has class 'fish' (4)"]),
        (
            true, "bird,2,fish", ["bird/a_2.png"],
            ["warning: --only: no box has class 'cow' (2)", "warning: --only: no box has class 'fish' (4)"]
        ),
    ]

    @Test(arguments: partial)
    func aClassWithoutBoxesIsAWarningAndTheRestIsCut(
        names: Bool, only: String, cut: [String], warnings: [String]
    ) throws {
        let scratch = try Self.flat()
        let classes = try scratch.write("cat\ndog\ncow\nbird\nfish\n", to: "names.txt")
        let result = try Self.run(scratch, (names ? ["--classes", classes] : []) + ["--only", only])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == cut)
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map(String.init) == warnings)
    }

    /// (names given, --only, the error after `--only: `): a filter no box matches does nothing and says so.
    static let unmatched: [(Bool, String, String)] = [
        (false, "7", "no box has class 7: nothing to crop (the boxes' classes are 0, 3; --classes names them)"),
        (true, "fish", "no box has class 'fish' (4): nothing to crop (the boxes' classes are 0 cat, 3 bird)"),
        (
            true, "dog,4",
            "no box has class 'dog' (1) or 'fish' (4): nothing to crop (the boxes' classes are 0 cat, 3 bird)"
        ),
    ]

    @Test(arguments: unmatched)
    func aFilterNoBoxMatchesIsAnError(names: Bool, only: String, message: String) throws {
        let scratch = try Self.flat()
        let classes = try scratch.write("cat\ndog\ncow\nbird\nfish\n", to: "names.txt")
        let result = try Self.run(scratch, (names ? ["--classes", classes] : []) + ["--only", only])
        #expect(result.status == 65)
        let file = names ? classes : scratch.path("labels")
        #expect(result.stderr == "error: \(file): --only: \(message)\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    @Test func cocoFollowsTheSameRule() throws {
        let scratch = try DatasetCOCOTests.dataset(
            categories: #"[{"id": 1, "name": "cat"}, {"id": 2, "name": "fish"}, {"id": 3, "name": "traffic light"}]"#)
        let coco = [
            "crop", "--coco", scratch.path("instances.json"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"),
        ]
        var result = try CommandRunner.run(coco + ["--only", "cat,fish"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warning: --only: no box has class 'fish' (2)\n"), "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["cat/a_10.png"])
        try FileManager.default.removeItem(atPath: scratch.path("out"))
        result = try CommandRunner.run(coco + ["--only", "2"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "--only: no box has class 'fish' (2): nothing to crop (the boxes' classes are 1 cat, 3 traffic light)"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    @Test func aNameNotAmongTheNamesListsThemAndIdsWorkBesideNames() throws {
        let scratch = try Self.flat()
        let names = try scratch.write("cat\ndog\ncow\nbird\n", to: "names.txt")
        var result = try Self.run(scratch, ["--classes", names, "--only", "birds"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "error: \(names): --only: no class named or numbered 'birds' in --classes \(names); did you mean 'bird'? "
                    + "(the classes are 0 cat, 1 dog, 2 cow, 3 bird)"
            ), "\(result.stderr)")
        // Every class is listed, however many, and a name far from all of them gets no guess.
        let many = try scratch.write((0..<30).map { "class\($0)\n" }.joined() + "dog\n", to: "many.txt")
        result = try Self.run(scratch, ["--classes", many, "--only", "dgo"])
        #expect(result.stderr.contains("; did you mean 'dog'? (the classes are 0 class0, "), "\(result.stderr)")
        #expect(result.stderr.contains(", 29 class29, 30 dog)\n"), "\(result.stderr)")
        result = try Self.run(scratch, ["--classes", many, "--only", "zebra"])
        #expect(result.stderr.contains("'zebra' in --classes \(many) (the classes are"), "\(result.stderr)")
        result = try Self.run(scratch, ["--classes", names, "--only", "0,bird"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["bird/a_2.png", "cat/a_1.png"])
    }
}
