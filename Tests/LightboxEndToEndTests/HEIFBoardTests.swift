import Foundation
import Testing
import Vips

/// A board of HEIF photos draws the same cards with the tile path as without it: cards whose
/// centre square needs fewer tiles than the whole (a wide photo) decode only those.
@Suite(.processes) struct HEIFBoardTests {
    @Test func theBoardIsTheSameWithAndWithoutTheTilePath() throws {
        let scratch = try Scratch()
        let photos = ["grid-wide.heic", "IMG_2927.HEIC", "grid-irot1-imir.heic", "grid-alpha.heic"].map {
            HEIFCropTests.path($0)
        }
        var boards: [VImage] = []
        for (name, environment) in [("tiles.png", [:]), ("whole.png", ["LIGHTBOX_NO_REGION": "1"])] {
            let result = try CommandRunner.run(
                ["board"] + photos + ["--size", "600x600", "--scale", "2", "-o", scratch.path(name)],
                environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            boards.append(try VImage.load(scratch.path(name)))
        }
        #expect(try ImageDifference.maximum(boards[0], boards[1]) == 0)
    }
}
