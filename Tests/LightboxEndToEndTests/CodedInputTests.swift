import Foundation
import Testing
import Vips

/// An input whose bands are not what its label says is drawn as colour, whatever the output
/// format and the command: a coded one (Radiance HDR's RGBE: four bands that pack three colours
/// with a shared exponent) is never flattened as if its fourth band were alpha, and ImageMagick's
/// three-band reading of a grey TGA, which libvips labels `b-w`, is not one grey band plus two alphas.
@Suite(.processes) struct CodedInputTests {
    /// A Radiance file made from the fixture photo turned upright (600 x 400).
    static func radiance(in scratch: Scratch) throws -> String {
        let photo = try VImage.load(CommandRunner.fixtures.appendingPathComponent("photo.jpg").path).autorotated()
        // The photo's own values (0 to 255) as floats, which libvips' savers cast back to 8 bits as
        // `vips copy photo.hdr photo.png` does.
        let coded = try VOperation.call("float2rad", [("in", .image(photo.cast("float")))]).image()
        #expect(!coded.isUncoded && coded.bands == 4 && !coded.hasAlpha)
        let path = scratch.path("photo.hdr")
        try coded.save(to: path, saver: "radsave")
        return path
    }

    @Test(arguments: ["c.jpg", "c.png", "c.webp", "c.gif", "c.tif"])
    func aCropOfAnHDRFileIsItsColours(output: String) throws {
        let scratch = try Scratch()
        let input = try Self.radiance(in: scratch)
        let result = try CommandRunner.run(["crop", input, "--rect", "0.25,0.25,0.5,0.5", "-o", scratch.path(output)])
        #expect(result.status == 0, "\(result.stderr)")
        let cropped = try VImage.load(scratch.path(output))
        #expect(cropped.width == 300 && cropped.height == 200)
        #expect(output == "c.gif" || !cropped.hasAlpha, "\(output): \(cropped.bands) bands")
        // The same area of the photo the file was made from: only RGBE's 8-bit mantissas and the format differ.
        let photo = try VImage.load(CommandRunner.fixtures.appendingPathComponent("photo.jpg").path).autorotated()
            .crop(left: 150, top: 100, width: 300, height: 200)
        let colour = try cropped.band(0, count: 3)
        let difference = try ImageDifference.mean(colour, photo)
        let tolerances: [String: Double] = ["c.gif": 12, "c.jpg": 7, "c.webp": 7]
        let tolerance = tolerances[output] ?? 4
        #expect(difference < tolerance, "\(output): \(difference)")
    }

    @Test func aViewAndABoardOfAnHDRFileAreDrawn() throws {
        let scratch = try Scratch()
        let input = try Self.radiance(in: scratch)
        let view = try CommandRunner.run(["view", input, "--screen", "120x90", "-o", scratch.path("v.jpg")])
        #expect(view.status == 0, "\(view.stderr)")
        let board = try CommandRunner.run(["board", input, input, "--size", "300x200", "-o", scratch.path("b.jpg")])
        #expect(board.status == 0, "\(board.stderr)")
        #expect(try VImage.load(scratch.path("v.jpg")).average() > 20)
    }

    /// A grey image of value 100 as three bands labelled `b-w`, as libvips' `magickload` gave
    /// ImageMagick's reading of a grey TGA or DDS file on some machines: written in libvips' own
    /// format, which keeps bands and label as they are, so the case does not hang on the
    /// ImageMagick build (Debian's 6.9.11 of 2025 reads a grey TGA back as one band).
    static func greyTGA(in scratch: Scratch) throws -> String {
        let path = scratch.path("grey.v")
        let threeBands = try VImage.filled(width: 40, height: 30, color: [100, 100, 100]).interpreted("b-w")
        try threeBands.save(to: path, saver: "vipssave")
        let loaded = try VImage.load(path)
        #expect(loaded.bands == 3 && loaded.interpretation == "srgb" && !loaded.hasAlpha)
        return path
    }

    @Test(arguments: [
        ["crop", "IN", "--rect", "0,0,1,1", "-o", "c.jpg"], ["crop", "IN", "--rect", "0,0,1,1", "-o", "c.png"],
        ["crop", "IN", "--rect", "0,0,1,1", "--resize", "20", "-o", "c.jpg"],
        ["view", "IN", "--screen", "40x30", "-o", "c.png"],
    ])
    func aGreyTGAIsGreyWithoutAlpha(command: [String]) throws {
        let scratch = try Scratch()
        let input = try Self.greyTGA(in: scratch)
        let output = scratch.path(command.last!)
        let arguments = command.map { $0 == "IN" ? input : $0 }.dropLast() + [output]
        let result = try CommandRunner.run(Array(arguments))
        #expect(result.status == 0, "\(command): \(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.bands == 3, "\(command)")
        let average = try image.average()
        #expect(abs(average - 100) < 1.5, "\(command): \(average)")
    }

    @Test func aBoardDrawsAGreyTGACard() throws {
        let scratch = try Scratch()
        let input = try Self.greyTGA(in: scratch)
        let result = try CommandRunner.run(["board", input, "--size", "200x150", "-o", scratch.path("b.png"), "--json"])
        let record = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(result.status == 0 && record?["status"] as? String == "done", "\(result.stdout) \(result.stderr)")
        #expect((record?["failed"] as? [Any])?.isEmpty == true, "\(result.stdout)")
    }
}
