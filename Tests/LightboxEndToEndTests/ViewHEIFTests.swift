import Foundation
import Testing
import Vips

/// A HEIC page renders like the same photo as JPEG, also when its embedded thumbnail is used.
@Suite(.processes) struct ViewHEIFTests {
    @Test(arguments: ["150x100", "600x400"])
    func heicLooksLikeTheJPEG(screen: String) throws {
        let scratch = try Scratch()
        for name in ["thumbnailed.heic", "photo.jpg"] {
            let input = CommandRunner.fixtures.appendingPathComponent(name).path
            let result = try CommandRunner.run(["view", input, "--screen", screen, "-o", scratch.path("\(name).png")])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let heic = try VImage.load(scratch.path("thumbnailed.heic.png"))
        let jpeg = try VImage.load(scratch.path("photo.jpg.png"))
        #expect(heic.width == jpeg.width && heic.height == jpeg.height)
        // The same upright photo: at 150x100 the HEIC comes from its small q40 thumbnail, so about 12 levels apart; mirrored, about 70.
        let difference = try ImageDifference.mean(heic, jpeg)
        #expect(difference < 15, "\(screen): \(difference)")
        #expect(try ImageDifference.mean(heic.flipped("horizontal"), jpeg) > 40)
    }
}
