import Foundation
import Testing

/// `--only` that cannot match is an error naming `--classes` and the known names; ids pick
/// classes with or without names.
@Suite struct DatasetOnlyTests {
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
        var result = try Self.run(scratch, ["--only", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["3/a_2.png"])
        result = try Self.run(scratch, ["--only", "0,7"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("--only: no box has class 7 (the class ids found are 0, 3; --classes names them)"),
            "\(result.stderr)")
    }

    @Test func aNameNotAmongTheNamesListsThemAndIdsWorkBesideNames() throws {
        let scratch = try Self.flat()
        let names = try scratch.write("cat\ndog\ncow\nbird\n", to: "names.txt")
        var result = try Self.run(scratch, ["--classes", names, "--only", "birds"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "error: \(names): --only: no class named or numbered 'birds' in --classes \(names) (the classes are 0 cat, 1 dog, 2 cow, 3 bird)"
            ), "\(result.stderr)")
        result = try Self.run(scratch, ["--classes", names, "--only", "0,bird"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["bird/a_2.png", "cat/a_1.png"])
    }
}
