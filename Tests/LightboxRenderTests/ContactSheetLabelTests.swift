import Foundation
import LightboxRender
import Testing
import Vips

/// Contact sheet cells say what they show: a label under each, cut with an ellipsis when long.
@Suite struct ContactSheetLabelTests {
    /// (input, output, number, dataset, label).
    static let texts: [(String, String, Int, Bool, String)] = [
        ("photos/street.jpg", "crops/street-3.jpg", 3, false, "#3 street.jpg"),
        ("images/train/0001.png", "out/train/cat/0001_2.png", 2, true, "cat #2 0001.png"),
        ("val2017/000000139.jpg", "boxes/traffic light/000000139_42.jpg", 1, true, "traffic light #42 000000139.jpg"),
    ]

    @Test(arguments: texts)
    func labelNamesTheFileAndTheCropOrTheClassAndTheBox(
        input: String, output: String, number: Int, dataset: Bool, label: String
    ) {
        #expect(ContactSheetLabel.text(input: input, output: output, number: number, dataset: dataset) == label)
    }

    @Test func aLongLabelIsCutWithAnEllipsisAndAShortOneIsWhole() throws {
        let long = "#12 a_very_long_file_name_from_a_camera_roll_export_2024_12_31.jpeg"
        let cut = try #require(try ContactSheetLabel.fitted(long, width: 150))
        #expect(cut.text.hasSuffix("…") && cut.text.hasPrefix("#12 a_very"), "\(cut.text)")
        #expect(cut.image.width <= 150)
        let short = try #require(try ContactSheetLabel.fitted("#1 a.jpg", width: 150))
        #expect(short.text == "#1 a.jpg")
    }

    /// A sheet with labels has light ink in the strip under each cell; the same sheet without
    /// labels has no strip: the black preview reaches its bottom row.
    @Test func theLabelIsDrawnUnderTheCell() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try VImage.filled(width: 400, height: 300, color: [0, 0, 0])
        var sheets: [VImage] = []
        for label in ["#1 street.jpg", nil] {
            let sheet = ContactSheet()
            try sheet.add(preview, order: (0, 0), input: "street.jpg", label: label)
            let path = folder.appendingPathComponent("\(label == nil ? "plain" : "labelled").png").path
            try sheet.write(to: path, options: SaveOptions())
            sheets.append(try VImage.load(path))
        }
        let (labelled, plain) = (sheets[0], sheets[1])
        // With a label the 400x300 preview is fitted into 192x176 (192x144, centred in it) over
        // a 192-pixel square cell, and the strip is its bottom 16 rows; the gutter runs around.
        let gutter = ContactSheet.gutter
        #expect(labelled.width == 192 + 2 * gutter && labelled.height == 192 + 2 * gutter)
        let strip = try labelled.crop(
            left: gutter, top: gutter + 176, width: 192, height: ContactSheetLabel.height)
        #expect(try strip.average() > 45, "the strip is the cell's grey 40 with light text")
        #expect(try labelled.crop(left: gutter, top: gutter + 16, width: 192, height: 144).average() == 0)
        #expect(plain.width == 192 + 2 * gutter && plain.height == 144 + 2 * gutter)
        #expect(try plain.crop(left: gutter, top: gutter + 128, width: 192, height: 16).average() == 0)
    }

    /// File names are drawn as given: with its contextual alternates on, Inter draws the `x` of
    /// `1001x479` exactly as `×`, so labels and card captions turn them off.
    @Test func anXBetweenDigitsIsDrawnAsAnX() throws {
        let label = { (text: String) throws -> VImage in
            try #require(try ContactSheetLabel.fitted(text, width: 500)).image
        }
        let caption = { (text: String) throws -> VImage in
            try #require(try CardCaption.image(text, width: 500, scale: 1))
        }
        for draw in [label, caption] {
            let (x, times) = (try draw("p1001x479.jpg"), try draw("p1001×479.jpg"))
            #expect(try Self.differ(x, times), "the x is drawn as a multiplication sign")
        }
    }

    /// Whether two masks differ in size or in any pixel.
    static func differ(_ first: VImage, _ second: VImage) throws -> Bool {
        guard first.width == second.width, first.height == second.height else { return true }
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return try absolute.average() > 0
    }
}
