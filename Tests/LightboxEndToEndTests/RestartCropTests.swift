import Foundation
import Testing
import Vips

/// Real camera JPEGs with restart markers: crops, lossless cuts and zoomed snapshots start at the
/// marker before their first rows, with libvips' pixels and the very bytes of the path without
/// restarts (`LIGHTBOX_NO_RESTART=1`).
@Suite(.processes) struct RestartCropTests {
    /// The real files (Fixtures/restart, with their licence), one of them turned (orientation 6).
    static let photos = ["sony-cybershot-3.jpg", "casio-ex-s1.jpg", "fujifilm-finepix1400zoom.jpg", "nikon-e950.jpg"]

    /// The fixture's path.
    static func photo(_ name: String) -> String {
        CommandRunner.fixtures.appendingPathComponent("restart/\(name)").path
    }

    /// The bottom tenth, the top tenth, a middle part and random rects.
    static let rects = ["0,0.9,1,0.1", "0,0,1,0.1", "0.2,0.55,0.5,0.3"] + RegionCropTests.rects(count: 5, seed: 32)

    @Test(arguments: photos)
    func cropsMatchLibvipsThroughTheRegionDecoder(name: String) throws {
        let decoders = try RegionCropTests.cropMatchesLibvips(Self.photo(name), rects: Self.rects)
        #expect(decoders.allSatisfy { $0 == "region" }, "\(decoders)")
    }

    /// Runs `arguments` (the output named from the path prefix it is given, in `scratch`) with
    /// restarts and without; returns both outputs' paths and the JSON lines printed.
    static func bothWays(_ arguments: (String) -> [String], in scratch: Scratch) throws -> (String, String, [String]) {
        var outputs: [String] = []
        var lines: [String] = []
        for (tag, environment) in [("on", [:]), ("off", ["LIGHTBOX_NO_RESTART": "1"])] {
            let result = try CommandRunner.run(arguments(scratch.path(tag)), environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            lines += result.lines
            let made = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter {
                $0.hasPrefix(tag)
            }
            outputs.append(scratch.path(try #require(made.first)))
        }
        return (outputs[0], outputs[1], lines)
    }

    @Test(arguments: photos)
    func cropsAndLosslessCutsAreTheBytesOfThePathWithoutRestarts(name: String) throws {
        for extra in [["-o"], ["--lossless", "-o"]] {
            for rect in ["0,0.9,1,0.1", "0.3,0.6,0.4,0.3"] {
                let scratch = try Scratch()
                let (on, off, _) = try Self.bothWays(
                    { ["crop", Self.photo(name), "--rect", rect] + extra + [$0 + ".jpg"] }, in: scratch)
                #expect(try Data(contentsOf: URL(fileURLWithPath: on)) == Data(contentsOf: URL(fileURLWithPath: off)))
            }
        }
    }

    /// A zoomed snapshot with rows hidden above decodes only the part on screen when the file has
    /// restart markers, the same pixels as libvips' whole decode; without markers, as before. The
    /// decoders expected with restarts and without: the turned photo shows under half of its
    /// stored rows, which the region decoder served already.
    @Test(arguments: [
        ("casio-ex-s1.jpg", ["region", "libvips"]), ("sony-cybershot-3.jpg", ["region", "region"]),
        ("plain", ["libvips", "libvips"]),
    ])
    func aZoomedSnapshotDecodesThePartShownFromItsMarker(name: String, expected: [String]) throws {
        let input =
            name == "plain"
            ? CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path : Self.photo(name)
        let scratch = try Scratch()
        let (on, off, lines) = try Self.bothWays(
            {
                [
                    "view", input, "--screen", "390x844", "--zoom", "4", "--offset", "-40,30", "--json", "-o",
                    $0 + ".png",
                ]
            },
            in: scratch)
        let decoders = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["decoder"] as? String
        }
        #expect(decoders == expected)
        let difference = try ImageDifference.maximum(try VImage.load(on), try VImage.load(off))
        #expect(difference == 0, "\(name)")
    }
}
