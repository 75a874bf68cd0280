import Foundation
import Testing
import Vips

/// The built binary refuses what it would ignore (exit 64, naming the option, nothing written)
/// and does what it takes: the cases of issue 31 and their kin, end to end. `OptionDoorTests`
/// walks every option through every door in the process; these run the real thing.
@Suite(.processes) struct IgnoredOptionTests {
    static let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg")

    /// (arguments after the command, in a folder with p.jpg, m.csv and l.json; the error's start).
    static let refused: [([String], String)] = [
        (["crop", "--manifest", "m.csv", "--out-dir", "o", "--pad", "0.2"], "--pad does not go with --manifest"),
        (["crop", "--manifest", "m.csv", "--out-dir", "o", "--only", "person"], "--only does not go with --manifest"),
        (["crop", "--manifest", "m.csv", "--out-dir", "o", "--images", "."], "--images does not go with --manifest"),
        (["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.png", "--quality", "50"], "--quality 50: no output takes"),
        (["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--dry-run", "--json"], "--json does not go with"),
        (["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--strip", "--strip-icc"], "--strip-icc does not go"),
        (
            ["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--lossless", "--quality", "80"],
            "--quality does not go"
        ),
        (["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--device", "iphone-16"], "--device needs --preview"),
        (["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--mask"], "--mask needs --angle"),
        (["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--dry-run", "--report", "r.jsonl"], "--report does"),
        (["view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--jobs", "2"], "--jobs does not go with one"),
        (["view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--shard", "1/2"], "--shard does not go with one"),
        (["view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--quality", "50"], "--quality 50: a .png output"),
        (["view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--threshold", "90"], "--threshold needs --style"),
        (["view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--frames", "9"], "--frames needs --animate"),
        (["view", "--manifest", "s.jsonl", "--out-dir", "o", "-o", "v.png"], "--output does not go with --manifest"),
        (
            ["board", "p.jpg", "--size", "200x200", "-o", "b.png", "--reduce-motion"],
            "--reduce-motion needs --dragging"
        ),
        (["board", "--layout", "l.json", "-o", "b.png", "--reduce-motion"], "--reduce-motion needs a dragged card"),
        (["board", "p.jpg", "--size", "200x200", "--dry-run", "--json"], "--json does not go with --dry-run"),
        (
            ["board", "p.jpg", "--device", "iphone-16", "--size", "200x200", "--scale", "1", "-o", "b.png"],
            "--device does not go with --size and --scale"
        ),
    ]

    /// A folder with the photo, a crop manifest, a view state manifest and a board layout.
    static func folder() throws -> Scratch {
        let scratch = try Scratch()
        _ = try scratch.copy(Self.photo, as: "p.jpg")
        try scratch.write("input,x,y,width,height\np.jpg,0.1,0.1,0.5,0.2\n", to: "m.csv")
        try scratch.write(#"{"input":"p.jpg","output":"v.png"}"# + "\n", to: "s.jsonl")
        try scratch.write(#"{"board":[300,300],"photos":[{"id":"a","path":"p.jpg"}]}"#, to: "l.json")
        return scratch
    }

    @Test(arguments: refused)
    func whatWouldBeIgnoredIsRefused(arguments: [String], message: String) throws {
        let scratch = try Self.folder()
        let result = try CommandRunner.run(arguments, in: scratch.url)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
        #expect(try scratch.contents().sorted() == ["l.json", "m.csv", "p.jpg", "s.jsonl"])
    }

    /// `--square` squares a manifest's crops (its lines' default) and `--rect` crops alike.
    @Test func squareAppliesToManifestsAndRects() throws {
        let scratch = try Self.folder()
        let manifest = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "o", "--square"], in: scratch.url)
        #expect(manifest.status == 0, "\(manifest.stderr)")
        let rect = try CommandRunner.run(
            ["crop", "p.jpg", "--rect", "0.1,0.1,0.5,0.2", "--square", "-o", "r.jpg"], in: scratch.url)
        #expect(rect.status == 0, "\(rect.stderr)")
        // 0.5 x 0.2 of the 600x400 photo as shown is 300x80: square, 300x300.
        for path in ["o/p-1.jpg", "r.jpg"] {
            let image = try VImage.load(scratch.path(path))
            #expect(image.width == 300 && image.height == 300, "\(path): \(image.width)x\(image.height)")
        }
    }

    /// One snapshot takes --out-dir (its -o inside it) and --report (a journal of its one item).
    @Test func oneSnapshotTakesOutDirAndReport() throws {
        let scratch = try Self.folder()
        let result = try CommandRunner.run(
            ["view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--out-dir", "shots", "--report", "r.jsonl"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("shots/v.png")))
        let records = try JournalFile.records(scratch.path("r.jsonl"))
        #expect(records.map { $0["status"] as? String } == ["done"], "\(records)")
        let again = try CommandRunner.run(
            [
                "view", "p.jpg", "--screen", "100x100", "-o", "v.png", "--out-dir", "shots", "--report", "r.jsonl",
                "--resume",
            ], in: scratch.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try JournalFile.records(scratch.path("r.jsonl")).last?["status"] as? String == "skipped")
    }

    /// A layout's own dragged card gives `--reduce-motion` its work.
    @Test func reduceMotionTakesALayoutsDraggedCard() throws {
        let scratch = try Self.folder()
        try scratch.write(
            #"{"board":[300,300],"photos":[{"id":"a","path":"p.jpg"}],"dragging":{"id":"a","translation":[10,10]}}"#,
            to: "d.json")
        let result = try CommandRunner.run(
            ["board", "--layout", "d.json", "-o", "b.png", "--reduce-motion"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
