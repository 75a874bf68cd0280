import Foundation
import Testing
import Vips

/// Manifest default names that keep the input's folder, clipped rows, placeholders and PNG for unwritable inputs.
@Suite(.processes) struct ManifestNamingTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    @Test func sameNamesInTwoFoldersKeepTheirFoldersAndClippedRowsSaySo() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "m/a/x.png")
        try scratch.place(Self.pattern, at: "m/b/x.png")
        let manifest = try scratch.write(
            "input,x,y,width,height\na/x.png,0,0,0.5,0.5\nb/x.png,0.75,0.75,0.5,0.5\n", to: "m/crops.csv")
        let result = try CommandRunner.run([
            "crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--report", scratch.path("r.jsonl"),
            "--jobs", "1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: \(manifest):3: rect partly outside the image; clipped to 0.75,0.75,0.25,0.25\n"),
            "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["a/x-1.png", "b/x-1.png"])
        let report = try String(contentsOfFile: scratch.path("r.jsonl"), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix(#"{"run""#) }
        #expect(report.count == 2)
        #expect(report.filter { $0.contains("\"clipped\":true") }.count == 1)
        #expect(report.first { $0.contains("b/x-1.png") }?.contains("\"clipped\":true") == true)
        let corner = try PatternPixel.source(in: try VImage.load(scratch.path("out/b/x-1.png")), x: 0, y: 0)
        #expect(corner.x == 480 && corner.y == 360)
    }

    @Test func dirPlaceholderAndUnknownPlaceholders() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "in/sub/x.png")
        try FileManager.default.createDirectory(atPath: scratch.path("out/in/sub"), withIntermediateDirectories: true)
        var result = try CommandRunner.run(
            ["crop", "in/sub/x.png", "--rect", "0,0,0.5,0.5", "-o", "out/{dir}/{stem}-{n}.{ext}"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["in/sub/x-1.png"])
        result = try CommandRunner.run(
            ["crop", "in/sub/x.png", "--rect", "0,0,0.5,0.5", "-o", "{name}.png"], in: scratch.url)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: -o '{name}.png': unknown placeholder {name} (use {stem}, {ext}, {n}, {dir})"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("{name}.png")))
    }

    @Test func inputsLightboxCannotWriteGivePNGOutputs() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("m"), withIntermediateDirectories: true)
        try VImage.load(Self.pattern.path).save(to: scratch.path("m/scan.ppm"), saver: "ppmsave")
        let manifest = try scratch.write("input,x,y,width,height\nscan.ppm,0,0,0.5,0.5\n", to: "m/crops.csv")
        var result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", scratch.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["scan-1.png"])
        result = try CommandRunner.run([
            "crop", scratch.path("m/scan.ppm"), "--rect", "0,0,1,1", "-o", scratch.path("whole.{ext}"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try VImage.load(scratch.path("whole.png")).width == 640)
    }
}
