import Foundation
import Testing
import Vips

/// Formats only libvips' modules read or write (AVIF, JPEG XL, PDF in; AVIF, HEIC out) work in every
/// command and in a batch, though the modules are loaded only when a file needs them.
@Suite(.processes) struct ModuleFormatTests {
    /// The inputs only a module reads: 64x48, red, green, blue and white quadrants.
    static let inputs = ["quadrants.avif", "quadrants.jxl", "quadrants.pdf"]

    /// The quadrant colours, top left, top right, bottom left, bottom right.
    static let colours: [[Double]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    /// Whether `pixel`'s first three bands are within 12 levels of `colour`.
    static func near(_ pixel: [Double], _ colour: [Double]) -> Bool {
        zip(pixel.prefix(3), colour).allSatisfy { abs($0 - $1) <= 12 }
    }

    /// A scratch folder holding a copy of `name`.
    static func scratch(with name: String) throws -> Scratch {
        let scratch = try Scratch()
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent(name), as: name)
        return scratch
    }

    @Test(arguments: inputs)
    func cropReadsEachQuadrant(input: String) throws {
        let scratch = try ModuleFormatTests.scratch(with: input)
        let rects = ["0,0,0.5,0.5", "0.5,0,0.5,0.5", "0,0.5,0.5,0.5", "0.5,0.5,0.5,0.5"]
        let result = try CommandRunner.run(
            ["crop", input] + rects.flatMap { ["--rect", $0] } + ["-o", "q{n}.png"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        for (index, colour) in ModuleFormatTests.colours.enumerated() {
            let quadrant = try VImage.load(scratch.path("q\(index + 1).png"))
            #expect(quadrant.width == 32 && quadrant.height == 24)
            #expect(ModuleFormatTests.near(try quadrant.pixel(x: 16, y: 12), colour), "\(input) quadrant \(index + 1)")
        }
    }

    @Test(arguments: inputs)
    func viewShowsThePage(input: String) throws {
        let scratch = try ModuleFormatTests.scratch(with: input)
        let result = try CommandRunner.run(["view", input, "--screen", "64x48", "-o", "v.png"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let shot = try VImage.load(scratch.path("v.png"))
        #expect(shot.width == 64 && shot.height == 48)
        #expect(ModuleFormatTests.near(try shot.pixel(x: 8, y: 6), ModuleFormatTests.colours[0]), "\(input)")
        #expect(ModuleFormatTests.near(try shot.pixel(x: 56, y: 42), ModuleFormatTests.colours[3]), "\(input)")
    }

    @Test(arguments: inputs)
    func boardDrawsThePhotoAsFromAPNG(input: String) throws {
        let scratch = try ModuleFormatTests.scratch(with: input)
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("quadrants.jxl"), as: "reference.jxl")
        let reference = try CommandRunner.run(
            ["crop", "reference.jxl", "--rect", "0,0,1,1", "-o", "reference.png"], in: scratch.url)
        #expect(reference.status == 0, "\(reference.stderr)")
        for (photo, output) in [(input, "board.png"), ("reference.png", "board-reference.png")] {
            let result = try CommandRunner.run(["board", photo, "--size", "160x160", "-o", output], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let board = try VImage.load(scratch.path("board.png"))
        let expected = try VImage.load(scratch.path("board-reference.png"))
        #expect(try ImageDifference.mean(board, expected) < 3, "\(input)")
    }

    @Test func aBatchReadsAndWritesModuleFormats() throws {
        let scratch = try Scratch()
        for name in ModuleFormatTests.inputs {
            _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent(name), as: name)
        }
        let client = try BatchClient(["--jobs", "1"], in: scratch)
        var sent = 0
        for name in ModuleFormatTests.inputs {
            try client.send(BatchModeTests.crop("c-\(name)", name, "c-\(name).avif", rect: "0,0,0.5,0.5"))
            try client.send([
                "id": "v-\(name)", "command": "view", "input": name, "screen": [64, 48], "output": "v-\(name).heic",
            ])
            try client.send([
                "id": "b-\(name)", "command": "board", "board": [160, 160], "photos": [["id": "x", "path": name]],
                "output": "b-\(name).png",
            ])
            sent += 3
        }
        let answers = try (0..<sent).map { _ in try client.answer() }
        #expect(answers.allSatisfy { $0["status"] as? String == "done" }, "\(answers)")
        #expect(try client.finish().status == 0)
        for name in ModuleFormatTests.inputs {
            let crop = try VImage.load(scratch.path("c-\(name).avif"))
            #expect(crop.width == 32 && crop.height == 24)
            #expect(ModuleFormatTests.near(try crop.pixel(x: 16, y: 12), ModuleFormatTests.colours[0]), "\(name)")
            #expect(try VImage.load(scratch.path("v-\(name).heic")).width == 64)
        }
    }
}
