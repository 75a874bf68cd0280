import Foundation
import Testing
import Vips

/// With `--out-dir DIR`, no name from a manifest or dataset writes outside DIR.
@Suite(.processes) struct OutputConfinementTests {
    @Test func manifestOutputsThatLeaveTheFolderAreThatLinesError() throws {
        let scratch = try Scratch()
        let work = scratch.url.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        _ = try FileManager.default.copyItem(
            atPath: ViewHelpers.pattern, toPath: work.appendingPathComponent("p.png").path)
        let manifest = """
            {"input":"p.png","rect":[0.1,0.2,0.5,0.6],"output":"../../x.png"}
            {"input":"p.png","rect":[0.1,0.2,0.5,0.6],"output":"\(scratch.path("abs.png"))"}
            {"input":"p.png","rect":[0.1,0.2,0.5,0.6],"output":"sub/../inside.png"}
            {"input":"p.png","rect":[0.1,0.2,0.5,0.6],"output":"sub/../../out/deep.png"}
            """
        try Data(manifest.utf8).write(to: work.appendingPathComponent("crops.jsonl"))
        let result = try CommandRunner.run(["crop", "--manifest", "crops.jsonl", "--out-dir", "out"], in: work)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.contains { $0 == #"error: crops.jsonl:1: output "../../x.png" leaves --out-dir out"# })
        #expect(
            errors.contains { $0 == "error: crops.jsonl:2: output \"\(scratch.path("abs.png"))\" leaves --out-dir out" }
        )
        #expect(errors.count == 2)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path).sorted() == [
                "deep.png", "inside.png",
            ])
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("abs.png")))
    }

    @Test func viewManifestOutputsStayInTheFolder() throws {
        let scratch = try Scratch()
        let manifest = scratch.path("states.jsonl")
        try Data(
            """
            {"input":"\(ViewHelpers.pattern)","output":"../escape.png"}
            {"input":"\(ViewHelpers.pattern)","output":"ok.png"}
            """.utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let out = scratch.path("shots")
        let result = try CommandRunner.run(["view", "--manifest", manifest, "--out-dir", out, "--screen", "100x100"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(manifest):1: output \"../escape.png\" leaves --out-dir \(out)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["ok.png"])
        #expect(!FileManager.default.fileExists(atPath: scratch.path("escape.png")))
    }

    @Test(arguments: ["../../evil", "a/../../../evil"])
    func yoloClassNamesCannotLeaveTheFolder(name: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("labels"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("images"), withIntermediateDirectories: true)
        _ = try FileManager.default.copyItem(atPath: ViewHelpers.pattern, toPath: scratch.path("images/p.png"))
        try Data("0 0.5 0.5 0.2 0.2\n".utf8).write(to: URL(fileURLWithPath: scratch.path("labels/p.txt")))
        try Data("\(name)\n".utf8).write(to: URL(fileURLWithPath: scratch.path("classes.txt")))
        let out = scratch.path("deep/boxes")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"),
            "--classes", scratch.path("classes.txt"), "--out-dir", out,
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("error: "))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("evil")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("deep/evil")))
    }
}

/// Previews made from a batch stay in the folder `--preview` names, whatever a manifest's inputs fill in.
@Suite(.processes) struct PreviewConfinementTests {
    @Test func aPreviewOfAnInputAboveTheManifestStaysInItsFolder() throws {
        let scratch = try Scratch()
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "p.png")
        try Data("input,x,y,width,height,output\n../p.png,0,0,0.5,0.5,crop.png\n".utf8).write(
            to: work.appendingPathComponent("crops.csv"))
        let result = try CommandRunner.run(
            ["crop", "--manifest", "crops.csv", "--out-dir", "out", "--preview", "prev/{dir}/{stem}-{n}.jpg"], in: work
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/crop.png").path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("prev/p-1.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("p-1.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("p-1.jpg")))
    }
}
