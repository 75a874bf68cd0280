import Foundation
import Testing
import Vips

/// A zoomed `view` of a HEIF grid decodes only the tiles on screen ("heif-tiles"), and the
/// snapshot is the whole decode's (LIGHTBOX_NO_REGION=1), at full size and box-shrunk (small
/// screens); a snapshot that shows the whole photo is decoded whole, as before.
@Suite(.processes) struct HEIFViewTests {
    /// The last two states put some of the affine's sample positions exactly on libvips'
    /// 1/64-pixel steps (`VIPS_TRANSFORM_SCALE`): sampling the tiles' part with an offset shifted
    /// by its corner rounded them onto the other step, up to 4 levels off (phone-wide.heic at
    /// 160x120, grid-clap-irot3.heic at 80x80), so the part must be sampled in the whole
    /// image's coordinates (`ViewportPixels`' `part`).
    @Test(arguments: [
        "IMG_2927.HEIC", "phone-part.heic", "phone-wide.heic", "grid-irot1-imir.heic", "grid-clap-irot3.heic",
    ])
    func aZoomedSnapshotMatchesTheWholeDecode(name: String) throws {
        let scratch = try Scratch()
        let input = HEIFCropTests.path(name)
        let states = [
            ["--screen", "390x844", "--scale", "3", "--zoom", "4", "--offset", "40,-25"],
            ["--screen", "300x300", "--zoom", "3", "--offset", "-60,10", "--scale", "2"],
            ["--screen", "60x60", "--zoom", "4", "--offset", "20,5"],
            ["--screen", "160x120", "--zoom", "4"],
            ["--screen", "80x80", "--zoom", "4"],
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
