import Foundation
import Testing
import Vips

/// Preview strokes are in points of the photo as the crop screen shows it; edge rects draw over a margin.
@Suite(.processes) struct CropPreviewStrokeTests {
    /// Writes a black photo `width` by `height` and its preview for `rect` with `extra` options; returns the preview.
    static func preview(
        width: Int, height: Int, rect: String, extra: [String] = [], in scratch: Scratch
    ) throws -> VImage {
        let photo = scratch.path("black-\(width).png")
        try VImage.filled(width: width, height: height, color: [0, 0, 0]).save(to: photo, saver: "pngsave")
        let preview = scratch.path("preview-\(UUID().uuidString).png")
        let result = try CommandRunner.run(
            ["crop", photo, "--rect", rect, "-o", scratch.path("crop-\(UUID().uuidString).png"), "--preview", preview]
                + extra
        )
        #expect(result.status == 0, "\(result.stderr)")
        return try VImage.load(preview)
    }

    /// The white in a run of pixels, in pixels: each pixel's value over 255, summed (antialiased edges count partly).
    static func coverage(_ image: VImage, row: Int, columns: Range<Int>) throws -> Double {
        try columns.map { try image.pixel(x: $0, y: row)[0] / 255 }.reduce(0, +)
    }

    /// (photo width, height, options, preview pixels per point): the demo iPhone shows any photo 361 points wide here.
    static let densities: [(Int, Int, [String], Double)] = [
        (200, 150, [], 200.0 / 361),
        (2000, 1500, [], 1024.0 / 361),
        (2000, 1500, ["--screen", "200x200"], 1024.0 / 168),
        (2000, 1500, ["--device", "ipad-pro-13"], 1024.0 / 1000),
    ]

    @Test(arguments: densities)
    func frameAndBracketWidthsFollowThePhotoOnTheCropScreen(
        width: Int, height: Int, options: [String], perPoint: Double
    ) throws {
        let scratch = try Scratch()
        let image = try Self.preview(
            width: width, height: height, rect: "0.25,0.25,0.5,0.5", extra: options, in: scratch)
        #expect(image.width == min(width, 1024))
        // Across the frame's left edge at its mid-height: the 1.5-point frame alone.
        let left = image.width / 4
        let frame = try Self.coverage(
            image, row: image.height / 2, columns: max(left - 20, 0)..<(left + image.width / 12))
        #expect(abs(frame - 1.5 * perPoint) <= 0.25, "frame \(frame) pixels, expected \(1.5 * perPoint)")
        // Down across the top edge 5 points right of the corner: the 4-point bracket arm covers the frame.
        let top = image.height / 4
        let column = left + Int((5 * perPoint).rounded())
        let bracket = try (max(top - 30, 0)..<(top + 30)).map { try image.pixel(x: column, y: $0)[0] / 255 }.reduce(
            0, +)
        #expect(abs(bracket - 4 * perPoint) <= 0.35, "bracket \(bracket) pixels, expected \(4 * perPoint)")
    }

    /// A full-image rect: the preview grows by a margin that holds the frame's outer half and the brackets.
    @Test func aFullImageRectDrawsOverAMargin() throws {
        let scratch = try Scratch()
        let perPoint = 1024.0 / 361
        let margin = Int((2 * perPoint).rounded(.up)) + 1
        let image = try Self.preview(width: 2000, height: 1500, rect: "0,0,1,1", in: scratch)
        #expect(image.width == 1024 + 2 * margin && image.height == 768 + 2 * margin)
        // The frame's outer half lies in the margin at mid-height; the inner half on the photo.
        let outer = try Self.coverage(image, row: image.height / 2, columns: 0..<margin)
        let inner = try Self.coverage(image, row: image.height / 2, columns: margin..<(margin + 20))
        #expect(
            abs(outer - 0.75 * perPoint) <= 0.25 && abs(inner - 0.75 * perPoint) <= 0.25,
            "outer \(outer), inner \(inner)")
        // The bracket's outer half too: 2 points outside the top-left corner's arm is white.
        #expect(try image.pixel(x: margin + 30, y: margin - Int(perPoint)).allSatisfy { $0 > 200 })
        // A rect clear of the edges keeps the photo's size.
        let inside = try Self.preview(width: 2000, height: 1500, rect: "0.1,0.1,0.8,0.8", in: scratch)
        #expect(inside.width == 1024 && inside.height == 768)
    }

    @Test(arguments: ["20x900", "abc", "393x852x2"])
    func aScreenWithNoRoomIsAUsageError(screen: String) throws {
        let result = try CommandRunner.run([
            "crop", "a.jpg", "--rect", "0,0,1,1", "-o", "b.jpg", "--preview", "p.jpg", "--screen", screen,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--screen '\(screen)'"), "\(result.stderr)")
    }

    /// The crop screen is only for previews: without one, `--screen` and `--device` would change nothing.
    @Test(arguments: [["--screen", "393x852"], ["--device", "iphone-16"]])
    func aCropScreenWithoutPreviewsIsRefused(option: [String]) throws {
        let result = try CommandRunner.run(["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "b.jpg"] + option)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(option[0]) needs --preview or --contact-sheet"), "\(result.stderr)")
    }
}
