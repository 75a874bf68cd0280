import Foundation
import Testing
import Vips

/// `--format EXT` sets the format of every output without an extension of its own, in every
/// command and door: a dataset's crops (HEIC photos into PNG, a JPEG cut with `--mask` into a PNG
/// that keeps the outside transparent), a manifest's default names, `{ext}`, a name without an
/// extension; an `-o` that names its own format is refused with it.
@Suite(.processes) struct FormatOptionTests {
    static let heic = CommandRunner.fixtures.appendingPathComponent("thumbnailed.heic")
    static let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg")

    /// The loader libvips picks for `path`: what the file is, whatever its name says.
    static func loader(_ path: String) throws -> String {
        try Vips.loader(for: path)
    }

    @Test func aCOCODatasetOfHEICsGivesPNGCrops() throws {
        let scratch = try Scratch()
        try scratch.place(Self.heic, at: "images/a.heic")
        try scratch.write(
            #"{"images":[{"id":1,"file_name":"a.heic","width":600,"height":400}],"annotations":["#
                + #"{"id":7,"image_id":1,"category_id":1,"bbox":[60,40,120,80]}],"#
                + #""categories":[{"id":1,"name":"cat"}]}"#, to: "coco.json")
        let result = try CommandRunner.run(
            ["crop", "--coco", "coco.json", "--images", "images", "--out-dir", "out", "--format", "png"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["cat/a_7.png"])
        let crop = scratch.path("out/cat/a_7.png")
        #expect(try Self.loader(crop) == "VipsForeignLoadPngFile")
        let image = try VImage.load(crop)
        #expect(image.width == 120 && image.height == 80)
    }

    /// A JPEG dataset cut with `--mask` keeps the outside transparent in PNG (JPEG would flatten it).
    @Test func aMaskedJPEGDatasetKeepsItsTransparencyInPNG() throws {
        let scratch = try Scratch()
        try scratch.place(Self.photo, at: "ds/images/train/a.jpg")
        // A triangle: its bounding box's bottom-right corner is outside it.
        try scratch.write("0 0.2 0.2 0.6 0.2 0.2 0.6\n", to: "ds/labels/train/a.txt")
        try scratch.write("train: images/train\nnames: [thing]\n", to: "ds/data.yaml")
        let result = try CommandRunner.run(
            ["crop", "--yolo", "ds/data.yaml", "--splits", "train", "--out-dir", "out", "--mask", "--format", "png"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.files(under: "out") == ["train/thing/a_1.png"])
        let image = try VImage.load(scratch.path("out/train/thing/a_1.png"))
        #expect(image.bands == 4)
        #expect(try image.pixel(x: image.width - 2, y: image.height - 2).last == 0, "outside the triangle is clear")
        #expect(try image.pixel(x: 2, y: 2).last == 255, "inside it is the photo")
    }

    @Test func manifestsAndTemplatesTakeItWhereANameHasNoExtension() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(Self.photo, as: "p.jpg")
        try scratch.write("input,x,y,width,height,output\np.jpg,0,0,0.5,0.5,\np.jpg,0.5,0,0.5,0.5,named\n", to: "m.csv")
        let manifest = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "out", "--format", "webp"], in: scratch.url)
        #expect(manifest.status == 0, "\(manifest.stderr)")
        #expect(scratch.files(under: "out") == ["named", "p-1.webp"])
        for name in ["named", "p-1.webp"] {
            #expect(try Self.loader(scratch.path("out/\(name)")) == "VipsForeignLoadWebpFile", "\(name)")
        }
        let template = try CommandRunner.run(
            ["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "t/{stem}.{ext}", "--format", "tif"], in: scratch.url)
        #expect(template.status == 0, "\(template.stderr)")
        #expect(try Self.loader(scratch.path("t/p.tif")) == "VipsForeignLoadTiffFile")
        let bare = try CommandRunner.run(
            ["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "bare", "--format", "avif"], in: scratch.url)
        #expect(bare.status == 0, "\(bare.stderr)")
        // heifsave picks AV1 by the temp file's extension: the saved file is an AVIF, not a HEIC.
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path("bare")))
        #expect(String(decoding: bytes.prefix(12).suffix(4), as: UTF8.self) == "avif")
        let refused = try CommandRunner.run(
            ["crop", "p.jpg", "--rect", "0,0,1,1", "-o", "a.png", "--format", "jpg"], in: scratch.url)
        #expect(refused.status == 64)
        #expect(
            refused.stderr.hasPrefix(
                "Error: --format goes with -o - and with outputs without an extension of their own; -o 'a.png' names its format"
            ), "\(refused.stderr)")
    }

    @Test func viewAndBoardTakeItForANameWithoutAnExtension() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(Self.photo, as: "p.jpg")
        let view = try CommandRunner.run(
            ["view", "p.jpg", "--screen", "100x100", "-o", "shot", "--format", "webp"], in: scratch.url)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(try Self.loader(scratch.path("shot")) == "VipsForeignLoadWebpFile")
        try scratch.write(#"{"input":"p.jpg"}"# + "\n", to: "s.jsonl")
        let lines = try CommandRunner.run(
            ["view", "--manifest", "s.jsonl", "--out-dir", "v", "--screen", "100x100", "--format", "jpg"],
            in: scratch.url)
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(scratch.files(under: "v") == ["view-1.jpg"])
        let board = try CommandRunner.run(
            ["board", "p.jpg", "--size", "200x200", "-o", "b", "--format", "webp"], in: scratch.url)
        #expect(board.status == 0, "\(board.stderr)")
        #expect(try Self.loader(scratch.path("b")) == "VipsForeignLoadWebpFile")
    }
}
