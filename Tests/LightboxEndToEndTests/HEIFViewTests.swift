import Foundation
import Testing
import Vips

/// A zoomed `view` of a HEIF grid decodes only the tiles on screen ("heif-tiles"), and the
/// snapshot is the whole decode's (LIGHTBOX_NO_REGION=1), at full size and box-shrunk (small
/// screens); a snapshot that shows the whole photo is decoded whole, as before.
@Suite struct HEIFViewTests {
    @Test(arguments: ["IMG_2927.HEIC", "phone-part.heic", "grid-irot1-imir.heic", "grid-clap-irot3.heic"])
    func aZoomedSnapshotMatchesTheWholeDecode(name: String) throws {
        let scratch = try Scratch()
        let input = HEIFCropTests.path(name)
        let states = [
            ["--screen", "390x844", "--scale", "3", "--zoom", "4", "--offset", "40,-25"],
            ["--screen", "300x300", "--zoom", "3", "--offset", "-60,10", "--scale", "2"],
            ["--screen", "60x60", "--zoom", "4", "--offset", "20,5"],
        ]
        for arguments in states {
            let (tiles, whole, decoders) = try RegionViewTests.both(input, arguments, in: scratch)
            #expect(decoders == ["heif-tiles", "libvips"], "\(name) \(arguments)")
            #expect(tiles.width == whole.width && tiles.height == whole.height)
            #expect(try ImageDifference.maximum(tiles, whole) == 0, "\(name) \(arguments)")
        }
    }

    @Test func aSnapshotOfTheWholePhotoIsDecodedAsBefore() throws {
        let scratch = try Scratch()
        let (tiles, whole, decoders) = try RegionViewTests.both(
            HEIFCropTests.path("IMG_2927.HEIC"), ["--screen", "390x844", "--scale", "3"], in: scratch)
        #expect(decoders == ["libvips", "libvips"])
        #expect(try ImageDifference.maximum(tiles, whole) == 0)
    }
}
