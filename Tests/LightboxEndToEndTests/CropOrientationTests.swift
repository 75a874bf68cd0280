import Foundation
import Testing
import Vips

/// Every real photo in the shared orientation set gives the same upright crop.
@Suite(.processes) struct CropOrientationTests {
    static let rect = "0.2,0.3,0.4,0.3"

    /// The crop of `name` as a lossless PNG in `scratch`.
    static func crop(_ name: String, in scratch: Scratch, as outputName: String? = nil) throws -> VImage {
        let input = CommandRunner.orientationPhotos.appendingPathComponent(name).path
        let output = scratch.path(outputName ?? name.replacingOccurrences(of: ".jpg", with: ".png"))
        let result = try CommandRunner.run(["crop", input, "--rect", rect, "-o", output])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        return try VImage.load(output)
    }

    @Test(arguments: ["Landscape", "Portrait"], 0...8)
    func orientedPhotoMatchesTheUprightOne(kind: String, orientation: Int) throws {
        let scratch = try Scratch()
        let reference = try Self.crop("\(kind)_1.jpg", in: scratch, as: "reference.png")
        let image = try Self.crop("\(kind)_\(orientation).jpg", in: scratch)
        #expect(image.width == reference.width && image.height == reference.height)
        // Separately encoded JPEGs differ by up to about 8 levels; a wrong turn or mirror differs by about 68.
        let difference = try ImageDifference.mean(image, reference)
        #expect(difference < 15, "\(kind)_\(orientation) differs by \(difference)")
        #expect(image.orientation == 1)
    }

    @Test(arguments: [3, 5, 6, 7, 8])
    func severalRectsFromOneOrientedInputAreUprightToo(orientation: Int) throws {
        let scratch = try Scratch()
        for name in ["Landscape_1.jpg", "Landscape_\(orientation).jpg"] {
            let input = CommandRunner.orientationPhotos.appendingPathComponent(name).path
            let result = try CommandRunner.run([
                "crop", input, "--rect", "0,0,0.5,0.5", "--rect", "0.6,0.5,0.3,0.4", "-o",
                scratch.path("{stem}-{n}.png"),
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for number in 1...2 {
            let reference = try VImage.load(scratch.path("Landscape_1-\(number).png"))
            let image = try VImage.load(scratch.path("Landscape_\(orientation)-\(number).png"))
            #expect(image.width == reference.width && image.height == reference.height)
            #expect(try ImageDifference.mean(image, reference) < 15, "orientation \(orientation), rect \(number)")
        }
    }

    @Test func aWrongTurnWouldBeCaught() throws {
        let scratch = try Scratch()
        let reference = try Self.crop("Landscape_1.jpg", in: scratch)
        let mirrored = try reference.flipped("horizontal")
        #expect(try ImageDifference.mean(mirrored, reference) > 40)
    }

    @Test func fixturePhotoIsUprightAndLosesItsOrientationTag() throws {
        let scratch = try Scratch()
        let output = scratch.path("photo-crop.jpg")
        let input = CommandRunner.fixtures.appendingPathComponent("photo.jpg").path
        let result = try CommandRunner.run(["crop", input, "--rect", "0,0,0.5,1", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.width == 300 && image.height == 400)
        #expect(image.orientation == 1)
    }
}
