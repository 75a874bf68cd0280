import Foundation
import Testing

/// `{dir}` never takes an output out of its folder: with `--out-dir` outputs stay inside it;
/// without, inside the folder the template's fixed text names; `..` parts of an input's folder are
/// dropped. A dry run predicts exactly what the run does.
@Suite(.processes) struct TemplateFolderTests {
    /// A scratch with `work/` (the working folder) and `in/a.png` beside it.
    static func layout() throws -> (Scratch, URL) {
        let scratch = try Scratch()
        try scratch.place(URL(fileURLWithPath: ViewHelpers.pattern), at: "in/a.png")
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return (scratch, work)
    }

    /// (the arguments after the input `../in/a.png`, the file written, relative to the scratch).
    static let cases: [([String], String)] = [
        (["-o", "crops/{dir}/{stem}-{n}.png"], "work/crops/in/a-1.png"),
        (["--out-dir", "crops", "-o", "{dir}/{stem}-{n}.png"], "work/crops/in/a-1.png"),
        (["-o", "{dir}/{stem}-{n}.png"], "work/in/a-1.png"),
        (["--out-dir", "crops", "-o", "{stem}.png"], "work/crops/a.png"),
        (["-o", "../out/{dir}/{stem}.png"], "out/in/a.png"),
        // A literal `..` after `{dir}` that stays inside the folder is resolved there, once.
        (["-o", "crops/{dir}/../{stem}.png"], "work/crops/a.png"),
    ]

    @Test(arguments: cases)
    func dirOfAnInputAboveStaysUnderTheFolder(arguments: [String], written: String) throws {
        let (scratch, work) = try Self.layout()
        let command = ["crop", "../in/a.png", "--rect", "0,0,0.5,0.5"] + arguments
        let plan = try CommandRunner.run(command + ["--dry-run"], in: work)
        #expect(plan.status == 0, "\(plan.stderr)")
        let planned = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
        let output = try #require(planned?["output"] as? String)
        #expect(work.appendingPathComponent(output).standardized.path == scratch.path(written))
        let run = try CommandRunner.run(command, in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path(written)))
        #expect(scratch.files(under: "in") == ["a.png"], "nothing written beside the input")
    }

    @Test(arguments: [
        (["-o", "crops/{dir}/../../../{stem}.png"], "leaves crops, the folder -o names"),
        (["--out-dir", "crops", "-o", "../{stem}.png"], "leaves --out-dir crops"),
        (["--out-dir", "crops", "-o", "/tmp/{stem}.png"], "leaves --out-dir crops"),
        (
            ["-o", "crops/{stem}.png", "--preview", "prev/{dir}/../../{stem}-{n}.jpg"],
            "--preview 'prev/{dir}/../../{stem}-{n}.jpg': output \"prev/in/../../a-1.jpg\" leaves prev, the folder --preview names"
        ),
    ])
    func aTemplateThatLeavesItsFolderIsRefusedBeforeAnyWork(arguments: [String], reason: String) throws {
        let (scratch, work) = try Self.layout()
        let command = ["crop", "../in/a.png", "--rect", "0,0,0.5,0.5"] + arguments
        for extra in [["--dry-run"], []] {
            let result = try CommandRunner.run(command + extra, in: work)
            #expect(result.status == 64 && result.stderr.contains(reason), "\(extra): \(result.stderr)")
        }
        #expect(scratch.files(under: "").filter { $0.hasSuffix("a.png") } == ["in/a.png"])
    }

    @Test func aManifestsInputsAboveItKeepTheirFolderUnderOutDir() throws {
        let (scratch, work) = try Self.layout()
        try scratch.place(URL(fileURLWithPath: ViewHelpers.pattern), at: "work/local/a.png")
        try scratch.write("input,x,y,width,height\n../in/a.png,0,0,1,1\nlocal/a.png,0,0,1,1\n", to: "work/m.csv")
        let result = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "out"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "work/out") == ["in/a-1.png", "local/a-1.png"])
    }

    @Test func anUnwritableOutDirIsOneErrorBeforeAnyWork() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(URL(fileURLWithPath: ViewHelpers.pattern), count: 5)
        try scratch.write("", to: "file")
        // Root may write anywhere but /proc; a dry run makes nothing, so it can only see the file in the way.
        // A manifest, and rects given as flags (one output for each of them).
        let sources = [
            ["--manifest", manifest],
            [ViewHelpers.pattern, "--rect", "0,0,0.5,0.5", "--rect", "0.5,0,0.5,0.5", "-o", "c-{n}.png"],
        ]
        for source in sources {
            for (outDir, runs) in [(scratch.path("file/out"), [[], ["--dry-run"]]), ("/proc/lightbox-out", [[]])] {
                for dryRun in runs {
                    let result = try CommandRunner.run(["crop"] + source + ["--out-dir", outDir] + dryRun)
                    #expect(result.status == 73, "\(outDir) \(dryRun): \(result.stderr)")
                    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
                    #expect(result.stderr.hasPrefix("error: \(outDir): cannot write --out-dir ("), "\(result.stderr)")
                }
            }
        }
    }
}
