import Foundation
import SeededRandom
import Testing
import Vips

/// `crop` through the JPEG region decoder gives libvips' own pixels, for every EXIF orientation
/// and for one or several rects, and every kind it declines goes through libvips as before.
@Suite(.processes) struct RegionCropTests {
    /// One crop's JSON line: its decoder and its pixel rect on the upright image.
    struct Line {
        let decoder: String?
        let left: Int, top: Int, width: Int, height: Int
    }

    /// The JSON lines of a `crop --json` run, in rect order.
    static func lines(_ result: CommandRunner.Result) throws -> [Line] {
        try result.lines.map { text in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let pixels = try #require(object["pixels"] as? [String: Int])
            return Line(
                decoder: object["decoder"] as? String, left: pixels["left"]!, top: pixels["top"]!,
                width: pixels["width"]!, height: pixels["height"]!)
        }
    }

    /// Seeded random normalized rects, as `--rect` texts, no side longer than `longest`.
    static func rects(count: Int, seed: UInt64, longest: Double = 1) -> [String] {
        var random = SeededRandom(seed: seed)
        func next() -> Double { random.unit() }
        return (0..<count).map { _ in
            let x = next() * 0.9, y = next() * 0.9
            let width = 0.02 + next() * (0.98 - x), height = 0.02 + next() * (0.98 - y)
            return String(
                format: "%.4f,%.4f,%.4f,%.4f", x, y, min(width, 1 - x, longest), min(height, 1 - y, longest))
        }
    }

    /// Crops `input` with `rects` to PNGs and checks each against libvips' decode of the whole
    /// file turned upright (read leniently, so the intact rows of a damaged file compare); returns the decoders named.
    static func cropMatchesLibvips(_ input: String, rects: [String], failOn: String = "truncated") throws -> [String?] {
        let scratch = try Scratch()
        let result = try CommandRunner.run(
            ["crop", input, "-o", scratch.path("c-{n}.png"), "--json", "--fail-on", failOn]
                + rects.flatMap { ["--rect", $0] })
        #expect(result.status == 0, "\(input): \(result.stderr)")
        let reference = try VImage.load(input, failOn: FailOn.none).autorotated()
        let lines = try Self.lines(result)
        for (index, line) in lines.enumerated() {
            let image = try VImage.load(scratch.path("c-\(index + 1).png"))
            let expected = try reference.crop(left: line.left, top: line.top, width: line.width, height: line.height)
            #expect(image.width == line.width && image.height == line.height)
            let difference = try ImageDifference.maximum(image, expected)
            #expect(difference == 0, "\(input) rect \(rects[index]): \(difference)")
        }
        return lines.map(\.decoder)
    }

    @Test(arguments: ["Landscape", "Portrait"], 0...8)
    func everyOrientationMatchesLibvips(kind: String, orientation: Int) throws {
        let input = CommandRunner.orientationPhotos.appendingPathComponent("\(kind)_\(orientation).jpg").path
        let seed = UInt64(orientation + (kind == "Portrait" ? 10 : 0))
        #expect(try Self.cropMatchesLibvips(input, rects: Self.rects(count: 1, seed: seed)) == ["region"])
        #expect(
            try Self.cropMatchesLibvips(input, rects: Self.rects(count: 3, seed: seed + 100)) == [
                "region", "region", "region",
            ])
    }

    @Test func overlappingRectsAndFarApartRectsBothMatch() throws {
        let input = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_7.jpg").path
        let overlapping = ["0.1,0.1,0.6,0.6", "0.2,0.2,0.6,0.6", "0.15,0.3,0.5,0.5"]
        let apart = ["0,0,0.05,0.05", "0.9,0.9,0.1,0.1", "0.5,0.95,0.02,0.05"]
        #expect(try Self.cropMatchesLibvips(input, rects: overlapping) == ["region", "region", "region"])
        #expect(try Self.cropMatchesLibvips(input, rects: apart) == ["region", "region", "region"])
    }

    @Test func progressiveArithmeticAndPNGInputsGoThroughLibvips() throws {
        let scratch = try Scratch()
        let progressive = scratch.path("progressive.jpg")
        try VImage.load(CommandRunner.orientationPhotos.appendingPathComponent("Landscape_6.jpg").path)
            .save(to: progressive, saver: "jpegsave", options: [("interlace", .bool(true))])
        let inputs = [
            progressive, CommandRunner.fixtures.appendingPathComponent("jpeg-kinds/arithmetic.jpg").path,
            CommandRunner.fixtures.appendingPathComponent("pattern.png").path,
        ]
        for input in inputs {
            #expect(
                try Self.cropMatchesLibvips(input, rects: ["0.1,0.2,0.5,0.6", "0.3,0.3,0.2,0.2"]) == [
                    "libvips", "libvips",
                ], "\(input)")
        }
    }

    @Test func cmykGoesThroughLibvipsAsBefore() throws {
        let scratch = try Scratch()
        let input = CommandRunner.fixtures.appendingPathComponent("cmyk.jpg").path
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0.1,0.2,0.5,0.6", "-o", scratch.path("c.jpg"), "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.lines(result).map(\.decoder) == ["libvips"])
        #expect(try VImage.load(scratch.path("c.jpg")).interpretation == "cmyk")
    }

    @Test func aTruncatedFileIsRedoneByLibvipsUnderItsPolicy() throws {
        let scratch = try Scratch()
        let source = try Data(contentsOf: CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg"))
        let input = scratch.path("truncated.jpg")
        try source.prefix(source.count * 3 / 5).write(to: URL(fileURLWithPath: input))
        #expect(try Self.cropMatchesLibvips(input, rects: ["0,0,1,0.1"]) == ["region"])
        #expect(
            try Self.cropMatchesLibvips(input, rects: ["0,0.5,1,0.5", "0.2,0.7,0.3,0.3"], failOn: "none") == [
                "libvips", "libvips",
            ])
        let strict = try CommandRunner.run([
            "crop", input, "--rect", "0,0.5,1,0.5", "-o", scratch.path("s.png"), "--json",
        ])
        #expect(strict.status == 1)
        #expect(strict.stderr == "error: \(input): \(DamagedInputTests.reason)\n")
        #expect(try Self.lines(strict).map(\.decoder) == [nil])
    }
}
