import Foundation
import Testing
import Vips

/// A snapshot's pure scale is made in two passes (CVips/scale.h): the bytes libvips' affine
/// writes (`LIGHTBOX_AFFINE=libvips`) for real photos zoomed, panned, fitted, pulled and on the
/// drag-to-dismiss page, whole files compared.
@Suite(.processes) struct ViewScaleTests {
    @Test(arguments: [
        ["heif/IMG_2927.HEIC", "--screen", "390x844", "--scale", "3", "--zoom", "4", "--offset", "-60,140"],
        ["photo.jpg", "--screen", "390x844", "--scale", "3", "--zoom", "2.7", "--offset", "35,-12.5"],
        ["photo.jpg", "--screen", "390x844", "--scale", "2"],
        ["exif-orientation/Portrait_6.jpg", "--screen", "375x667", "--scale", "2", "--zoom", "1.5", "--chrome"],
        ["exif-orientation/Landscape_8.jpg", "--screen", "390x844", "--scale", "3", "--pull", "120", "--zoom", "1.2"],
        [
            "pattern.png", "--screen", "390x844", "--scale", "3", "--pull", "90", "--style", "screen", "--zoom", "3",
            "--offset", "20,20",
        ],
        ["restart/nikon-e950.jpg", "--screen", "390x844", "--scale", "3", "--zoom", "4", "--offset", "0,-200"],
        ["cmyk.jpg", "--screen", "320x568", "--scale", "3", "--zoom", "3.3"],
    ])
    func snapshotsAreLibvipsBytes(arguments: [String]) throws {
        let scratch = try Scratch()
        let input = CommandRunner.fixtures.appendingPathComponent(arguments[0]).path
        var written: [Data] = []
        for (tag, environment) in [("two-pass", [:]), ("libvips", ["LIGHTBOX_AFFINE": "libvips"])] {
            let output = scratch.path("\(tag).png")
            let result = try CommandRunner.run(
                ["view", input] + arguments.dropFirst() + ["-o", output], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            written.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(written[0] == written[1], "\(arguments)")
        #expect(written[0].count > 1000)
    }
}
