import Foundation
import Testing
import Vips

/// The close button's material: a blurred, darkened disc that keeps the white cross readable on any photo.
@Suite(.processes) struct CloseButtonTests {
    /// A 600x900 photo of one grey, zoomed so that it covers the header.
    static func render(grey: Double, in scratch: Scratch) throws -> VImage {
        let path = scratch.path("grey-\(Int(grey)).png")
        try VImage.filled(width: 600, height: 900, color: [grey, grey, grey]).save(to: path, saver: "pngsave")
        return try ViewHelpers.render(
            ["--screen", "320x480", path, "--zoom", "2", "--chrome", "--scale", "2"], in: scratch)
    }

    /// WCAG's contrast ratio between two sRGB greys.
    static func contrast(_ first: Double, _ second: Double) -> Double {
        func luminance(_ value: Double) -> Double {
            let c = value / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// (photo grey, expected disc grey): the tint is grey 28 at 55% over the blurred photo.
    @Test(arguments: [(255.0, 130.0), (0, 15), (128, 73)])
    func theCrossReadsOnTheDisc(grey: Double, disc: Double) throws {
        let scratch = try Scratch()
        let image = try Self.render(grey: grey, in: scratch)
        // The button is centred at (282, 22) points: (564, 44) pixels; (540, 24) is on the disc, clear of the cross.
        let material = try image.pixel(x: 540, y: 30)
        let cross = try image.pixel(x: 564, y: 44)
        #expect(material.allSatisfy { abs($0 - disc) <= 2 }, "disc \(material) over \(grey)")
        #expect(cross.allSatisfy { $0 > 245 }, "cross \(cross)")
        #expect(Self.contrast(cross[0], material[0]) >= 3, "contrast \(Self.contrast(cross[0], material[0]))")
        // Beside the button the photo is untouched: the disc stands out from it.
        let beside = try image.pixel(x: 500, y: 44)
        #expect(beside.allSatisfy { abs($0 - grey) <= 1 })
    }

    /// Over a photo half white and half black, the disc shows a blur of the edge, not one flat tint.
    @Test func theDiscBlursWhatLiesUnderIt() throws {
        let scratch = try Scratch()
        let white = try VImage.filled(width: 300, height: 900, color: [255, 255, 255])
        let black = try VImage.filled(width: 300, height: 900, color: [0, 0, 0])
        let path = scratch.path("split.png")
        try VImage.joined([white, black], across: 2).save(to: path, saver: "pngsave")
        // Zoom 2 of a 320x480 fit: the edge lands on the screen's centre; pan it under the button (x 282 points).
        let image = try ViewHelpers.render(
            ["--screen", "320x480", path, "--zoom", "2", "--offset", "122,0", "--chrome"], in: scratch)
        // Row 34 crosses the disc from x 264 to 300, below the cross (rows 15 to 29).
        let row = (266...298).map { x in (try? image.pixel(x: x, y: 34)[0]) ?? 0 }
        let steps = zip(row, row.dropFirst()).map { abs($0 - $1) }
        #expect((row.first ?? 0) > (row.last ?? 0) + 40, "the disc is lighter over white: \(row)")
        #expect((steps.max() ?? 255) < 25, "no hard edge inside the disc: \(row)")
    }
}
