import Foundation
import Testing
import Vips

/// `--preview` and `--contact-sheet`: the overlay dims the outside with 55% black and leaves the inside alone.
@Suite(.processes) struct CropPreviewTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path

    @Test func outsideIsDimmedAndInsideIsUnchanged() throws {
        let scratch = try Scratch()
        let preview = scratch.path("preview.png")
        let result = try CommandRunner.run([
            "crop", Self.pattern, "--rect", "0.25,0.25,0.5,0.5", "-o", scratch.path("crop.png"), "--preview", preview,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(preview)
        let source = try VImage.load(Self.pattern)
        #expect(image.width == 640 && image.height == 480)
        // The rect covers 160...480 x 120...360; its thirds lines lie at x 266.7, 373.3 and y 200, 280.
        #expect(try image.pixel(x: 320, y: 240) == source.pixel(x: 320, y: 240))
        #expect(try image.pixel(x: 250, y: 180) == source.pixel(x: 250, y: 180))
        for (x, y) in [(60, 60), (600, 100), (300, 440)] {
            let dimmed = try image.pixel(x: x, y: y)
            let original = try source.pixel(x: x, y: y)
            for (value, before) in zip(dimmed, original) {
                #expect(abs(value - before * 0.45) <= 1.5, "(\(x), \(y)): \(dimmed) from \(original)")
            }
        }
        // The frame is white, as are the brackets at the corners.
        #expect(try image.pixel(x: 160, y: 240) == [255, 255, 255])
        #expect(try image.pixel(x: 162, y: 122) == [255, 255, 255])
    }

    @Test func contactSheetHoldsEveryPreview() throws {
        let scratch = try Scratch()
        let sheet = scratch.path("sheet.png")
        let result = try CommandRunner.run([
            "crop", Self.pattern, "--rect", "0,0,0.5,0.5", "--rect", "0.5,0,0.5,0.5", "--rect", "0,0.5,0.5,0.5",
            "-o", scratch.path("c-{n}.png"), "--contact-sheet", sheet,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(sheet)
        // Three square cells of 192 in two columns, with an 8-pixel gutter between and around them.
        #expect(image.width == 408 && image.height == 408, "\(image.width)x\(image.height)")
    }

    /// No two cells touch: every pixel of the gutter, between the cells and around the sheet, is
    /// the gutter's dark grey, and every cell is a tile of its own lighter grey around its preview.
    @Test func cellsAreSetApartByAGutter() throws {
        let scratch = try Scratch()
        let sheet = scratch.path("sheet.png")
        let rects = ["0,0,1,1", "0.1,0.1,0.5,0.5", "0.2,0.3,0.6,0.4", "0,0,0.5,1", "0.5,0.5,0.5,0.5"]
        let result = try CommandRunner.run(
            ["crop", Self.pattern, "-o", scratch.path("c-{n}.png"), "--contact-sheet", sheet]
                + rects.flatMap { ["--rect", $0] })
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(sheet)
        // Five cells: three columns, two rows.
        #expect(image.width == 4 * 8 + 3 * 192 && image.height == 3 * 8 + 2 * 192, "\(image.width)x\(image.height)")
        let isGutter = { (area: VImage) throws -> Bool in
            let grey = try VImage.filled(width: area.width, height: area.height, color: [16, 16, 16])
            return try ImageDifference.maximum(area, grey) == 0
        }
        for line in [0, 200, 400, 600] {
            #expect(try isGutter(image.crop(left: line, top: 0, width: 8, height: image.height)), "column \(line)")
        }
        for line in [0, 200, 400] {
            #expect(try isGutter(image.crop(left: 0, top: line, width: image.width, height: 8)), "row \(line)")
        }
        // A preview 192 wide by 145 high leaves the cell's grey above it, inside the tile.
        #expect(try image.crop(left: 8, top: 8, width: 192, height: 8).average() == 40)
    }

    @Test func previewWithSeveralCropsNeedsN() throws {
        let result = try CommandRunner.run([
            "crop", Self.pattern, "--rect", "0,0,0.5,0.5", "--rect", "0.5,0,0.5,0.5", "-o", "c-{n}.png", "--preview",
            "p.png",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--preview 'p.png' needs {n}"))
    }

    /// A dataset's contact sheet is labelled too: the strip under the one cell holds light text.
    @Test func aDatasetsContactSheetIsLabelled() throws {
        let scratch = try Scratch()
        try scratch.place(URL(fileURLWithPath: Self.pattern), at: "images/a.png")
        try scratch.write("0 0.5 0.5 0.5 0.5\n", to: "labels/a.txt")
        let sheet = scratch.path("sheet.png")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"), "--contact-sheet", sheet,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(sheet)
        let strip = try image.crop(left: 8, top: image.height - 8 - 16, width: image.width - 16, height: 16)
        #expect(try strip.average() > 45, "light label text over the cell's grey 40")
    }
}
