import Foundation
import Testing
import Vips

/// A zoomed `view` of a JPEG decodes only the part on screen, and the snapshot is the one the
/// whole decode gives (LIGHTBOX_NO_REGION=1), for every orientation and shrink-on-load (the
/// small screens load the photo shrunk 4 and 8 times); one showing most rows is decoded whole.
@Suite(.processes) struct RegionViewTests {
    /// Renders `arguments` for `input` with and without the region decoder; returns both
    /// snapshots and the decoders `--json` named.
    ///
    /// Each call writes files of new names: libvips caches a load by file name, so reading a
    /// rewritten `region.png` again would give the first state's pixels for every state.
    static func both(_ input: String, _ arguments: [String], in scratch: Scratch) throws -> (VImage, VImage, [String]) {
        var decoders: [String] = []
        let call = UUID().uuidString
        let names = ["region-\(call).png", "whole-\(call).png"]
        for (name, environment) in zip(names, [[:], ["LIGHTBOX_NO_REGION": "1"]]) {
            let result = try CommandRunner.run(
                ["view", input, "-o", scratch.path(name), "--json", "--force"] + arguments, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            decoders.append(object?["decoder"] as? String ?? "none")
        }
        return (try VImage.load(scratch.path(names[0])), try VImage.load(scratch.path(names[1])), decoders)
    }

    @Test(arguments: ["Landscape", "Portrait"], [1, 3, 5, 6, 8])
    func zoomedSnapshotMatchesTheWholeDecode(kind: String, orientation: Int) throws {
        let scratch = try Scratch()
        let input = CommandRunner.orientationPhotos.appendingPathComponent("\(kind)_\(orientation).jpg").path
        let states = [
            ["--screen", "390x390", "--zoom", "4", "--offset", "40,-25"],
            ["--screen", "300x300", "--zoom", "3.5", "--offset", "-60,10", "--scale", "2"],
            ["--screen", "60x60", "--zoom", "5", "--offset", "20,5"],
            ["--screen", "40x40", "--zoom", "5", "--offset", "-30,-40"],
        ]
        for arguments in states {
            let (region, whole, decoders) = try Self.both(input, arguments, in: scratch)
            #expect(decoders == ["region", "libvips"])
            #expect(region.width == whole.width && region.height == whole.height)
            #expect(try ImageDifference.maximum(region, whole) == 0, "\(kind)_\(orientation) \(arguments)")
        }
    }

    @Test(arguments: [["--screen", "390x844"], ["--screen", "390x844", "--zoom", "3"]])
    func aSnapshotShowingMostRowsIsDecodedAsBefore(arguments: [String]) throws {
        let scratch = try Scratch()
        // Stored upright, so the rows on screen are the stored rows (orientation 6 would turn them into columns).
        let input = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
        let (region, whole, decoders) = try Self.both(input, arguments, in: scratch)
        #expect(decoders == ["libvips", "libvips"])
        #expect(try ImageDifference.maximum(region, whole) == 0)
    }
}
