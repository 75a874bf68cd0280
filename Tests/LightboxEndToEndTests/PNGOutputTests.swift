import Foundation
import Testing
import Vips

/// PNG outputs go through Lightbox's own encoder: the pixels of libvips' writer
/// (`LIGHTBOX_PNG_WRITER=libvips`), in a file no larger on real snapshots, its options honoured.
@Suite(.processes) struct PNGOutputTests {
    /// Runs `arguments` (its output `name` in `scratch`) with the encoder and with libvips' writer;
    /// returns both outputs' paths.
    static func bothWriters(_ arguments: [String], name: String, in scratch: Scratch) throws -> (String, String) {
        var paths: [String] = []
        for (tag, environment) in [("ours", [:]), ("libvips", ["LIGHTBOX_PNG_WRITER": "libvips"])] {
            let path = scratch.path("\(tag)-\(name)")
            let result = try CommandRunner.run(arguments + ["-o", path], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            paths.append(path)
        }
        return (paths[0], paths[1])
    }

    /// The size of the file at `path`.
    static func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }

    /// Real photos viewed as an iPhone screen at 3x (1170x2532), zoomed in and fitted, and cropped.
    @Test(arguments: [
        ["view", "heif/IMG_2927.HEIC", "--screen", "390x844", "--scale", "3", "--zoom", "4"],
        ["view", "photo.jpg", "--screen", "390x844", "--scale", "3"],
        ["view", "exif-orientation/Portrait_6.jpg", "--screen", "390x844", "--scale", "3", "--zoom", "2", "--chrome"],
        ["crop", "exif-orientation/Landscape_1.jpg", "--rect", "0,0,1,1"],
    ])
    func realSnapshotsAreTheSamePixelsInNoLargerFiles(command: [String]) throws {
        let scratch = try Scratch()
        let arguments = command.map { $0.contains(".") ? CommandRunner.fixtures.appendingPathComponent($0).path : $0 }
        let (ours, theirs) = try Self.bothWriters(arguments, name: "shot.png", in: scratch)
        #expect(try ImageDifference.maximum(try VImage.load(ours), try VImage.load(theirs)) == 0)
        let (mine, libvips) = (try Self.size(ours), try Self.size(theirs))
        #expect(mine <= libvips, "\(mine) against \(libvips)")
    }

    /// `[compression=N]` is honoured (9 smaller than 1, 0 stores); an option the encoder does not
    /// take (`interlace`) gives the file to libvips' writer, which interlaces it.
    @Test func saveOptionsAreHonoured() throws {
        let scratch = try Scratch()
        let input = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
        var sizes: [Int] = []
        for options in ["[compression=0]", "[compression=1]", "[compression=9]", "[interlace]"] {
            let output = scratch.path("c\(sizes.count).png")
            let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", output + options])
            #expect(result.status == 0, "\(result.stderr)")
            sizes.append(try Self.size(output))
            let reference = try VImage.load(input).autorotated()
            #expect(try ImageDifference.maximum(try VImage.load(output), reference) == 0, "\(options)")
        }
        #expect(sizes[0] > 3 * 1800 * 1200 && sizes[2] < sizes[1] && sizes[1] < sizes[0], "\(sizes)")
        let interlaced = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path("c3.png"))))
        #expect(interlaced[28] == 1, "IHDR's interlace method")
    }

    /// Under a tight memory limit a PNG is written or fails with the memory message, never waits for
    /// a deflating thread that could not be started (work sent to a dispatch queue once did).
    @Test func aTightMemoryLimitNeverHangsTheEncoder() throws {
        let scratch = try Scratch()
        let input = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
        for limit in [36, 42, 48, 54, 60, 66] {
            let result = try CommandRunner.run([
                "crop", input, "--rect", "0,0,1,1", "-o", scratch.path("m\(limit).png"), "--max-memory", "\(limit)",
                "--timeout", "30", "--jobs", "1",
            ])
            #expect(
                result.status == 0 || result.stderr.contains("over the memory limit of \(limit) MB"),
                "\(limit): \(result.stderr)")
            if result.status == 0 {
                let written = try VImage.load(scratch.path("m\(limit).png"))
                #expect(written.width == 1800 && written.height == 1200)
            }
        }
    }
}
