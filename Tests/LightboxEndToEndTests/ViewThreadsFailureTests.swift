import Foundation
import Testing
import Vips

/// A damaged input fails a snapshot with the same reason whether its worker writes it with all
/// the cores (a snapshot alone) or with one (a manifest at `--jobs 2`): its pixels are decoded
/// first, on one thread, and the render threads only resample and write them.
@Suite(.processes) struct ViewThreadsFailureTests {
    /// `Landscape_6.jpg` (turned, so decoded with random access) as `ext`, cut to two thirds.
    static func damaged(_ ext: String, in scratch: Scratch) throws -> String {
        let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_6.jpg").path
        let whole = scratch.path("whole.\(ext)")
        let options: [(String, VValue)] = ext == "tif" ? [("tile", .bool(true))] : []
        try VImage.load(photo).save(to: whole, saver: try Vips.saver(for: whole), options: options)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = scratch.path("damaged.\(ext)")
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["jpg", "tif", "png"])
    func aDamagedInputFailsTheSameAloneAndBesideAnother(ext: String) throws {
        let scratch = try Scratch()
        let input = try Self.damaged(ext, in: scratch)
        let view = ["--screen", "390x844", "--scale", "3", "--zoom", "2"]
        let alone = try CommandRunner.run(["view", input, "-o", scratch.path("alone.png")] + view)
        #expect(alone.status == 1)
        let manifest = scratch.path("states.jsonl")
        let good = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
        try """
        {"input":"\(input)","output":"damaged.png"}
        {"input":"\(good)","output":"good.png"}

        """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let beside = try CommandRunner.run(
            ["view", "--manifest", manifest, "--out-dir", scratch.path("out"), "--jobs", "2"] + view)
        #expect(beside.status == 1)
        let errors = beside.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        let reason = alone.stderr.split(separator: "\n").first { $0.hasPrefix("error: ") }
        #expect(errors.count == 1 && reason != nil, "\(alone.stderr)\n\(beside.stderr)")
        #expect(errors.first?.hasSuffix(reason.map { String($0.dropFirst("error: \(input)".count)) } ?? "-") == true)
        #expect(errors.first?.contains("damaged.\(ext)") == true)
        #expect(try scratch.contents().sorted() == ["damaged.\(ext)", "out", "states.jsonl", "whole.\(ext)"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")) == ["good.png"])
    }
}
