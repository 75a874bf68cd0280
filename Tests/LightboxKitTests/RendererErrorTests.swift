import Foundation
import LightboxRender
import Testing

@testable import LightboxKit

/// Each bad request or input gives one `LightboxError` naming the file and the field, and writes nothing partial.
@Suite struct RendererErrorTests {
    /// A bad rect fails its own crop only; the other crop is written.
    @Test func badRectFailsOnlyItsCrop() throws {
        let folder = try TemporaryFolder()
        let input = TemporaryFolder.fixture("pattern.png")
        let results = Renderer().crop(
            CropRequest(
                input: input,
                crops: [
                    CropRequest.Crop(
                        rect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), output: folder.file("a.png")),
                    CropRequest.Crop(rect: CGRect(x: 2, y: 2, width: 1, height: 1), output: folder.file("b.png")),
                    CropRequest.Crop(rect: CGRect(x: 0.5, y: 0.5, width: 1, height: 1), output: folder.file("c.png")),
                ]))
        #expect(results[0].error?.description == "\(input): rect 1: x is not a finite number")
        #expect(results[1].error?.reason == "rect 2: the rect lies outside the image (it must overlap 0...1)")
        #expect(results[2].error == nil)
        #expect(results[2].pixels == CGRect(x: 320, y: 240, width: 320, height: 240))
        #expect(try folder.contents() == ["c.png"])
    }

    /// An input that cannot be read fails every crop with the same error about the input.
    @Test func missingInputFailsEveryCrop() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("missing.jpg")
        let crop = { (name: String) in CropRequest.Crop(rect: CGRect(x: 0, y: 0, width: 1, height: 1), output: name) }
        let results = Renderer().crop(
            CropRequest(input: input, crops: [crop(folder.file("a.png")), crop(folder.file("b.png"))]))
        #expect(results.map(\.error) == Array(repeating: LightboxError?.some(results[0].error!), count: 2))
        #expect(results[0].error?.path == input)
        #expect(results[0].error?.reason.hasPrefix("cannot open") == true)
        #expect(results.allSatisfy { $0.pixels == nil })
        #expect(try folder.contents() == [])
    }

    /// An existing output is refused unless `replaceExisting`, and is then replaced whole.
    @Test func existingOutputNeedsReplaceExisting() throws {
        let folder = try TemporaryFolder()
        let output = folder.file("out.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        let request = CropRequest(
            input: TemporaryFolder.fixture("pattern.png"),
            crops: [CropRequest.Crop(rect: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), output: output)])
        #expect(
            Renderer().crop(request)[0].error
                == LightboxError(output, "output exists (set replaceExisting to replace it)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("old".utf8))
        #expect(Renderer(save: SaveOptions(replaceExisting: true)).crop(request)[0].error == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).count > 1000)
        #expect(try folder.contents() == ["out.png"])
    }

    /// A quality out of 1...100 fails every crop, naming its output.
    @Test func qualityOutOfRange() throws {
        let folder = try TemporaryFolder()
        let output = folder.file("out.jpg")
        let results = Renderer(save: SaveOptions(quality: 0)).crop(
            CropRequest(
                input: TemporaryFolder.fixture("pattern.png"),
                crops: [CropRequest.Crop(rect: CGRect(x: 0, y: 0, width: 1, height: 1), output: output)]))
        #expect(results[0].error?.description == "\(output): quality 0: expected a whole number from 1 to 100")
    }

    /// The defaults are the command line's: the same pixel limit, crops keep the ICC profile only.
    @Test func defaultsAreTheCommandLines() throws {
        #expect(Renderer().maxPixels == SourceImage.defaultMaxPixels)
        let crops = try SaveOptions().rendered(pictures: false, output: "o.jpg")
        #expect(crops == LightboxRender.SaveOptions(strip: true, stripICC: false, force: false))
        let pictures = try SaveOptions(quality: 80, replaceExisting: true).rendered(pictures: true, output: "o.jpg")
        #expect(pictures == LightboxRender.SaveOptions(quality: 80, strip: true, stripICC: true, force: true))
    }

    /// An input whose header declares more than `maxPixels` is refused.
    @Test func maxPixelsRefusesLargeInputs() throws {
        let folder = try TemporaryFolder()
        let input = TemporaryFolder.fixture("pattern.png")
        let results = Renderer(maxPixels: 1000).crop(
            CropRequest(
                input: input,
                crops: [CropRequest.Crop(rect: CGRect(x: 0, y: 0, width: 1, height: 1), output: folder.file("o.png"))]))
        #expect(results[0].error?.path == input)
        #expect(
            results[0].error?.reason
                == "640x480 is 0.3 megapixels, over the limit of 1000 pixels (maxPixels; 0 for none)")
    }

    /// Viewer requests that cannot be drawn, with the reason each gives.
    @Test(arguments: [
        (
            ViewerRequest(photos: [], output: "v.png", screen: CGSize(width: 390, height: 844)),
            "photos: the viewer needs at least one photo"
        ),
        (
            ViewerRequest(photos: ["p.png"], output: "v.png", screen: CGSize(width: 390, height: 844), zoom: .nan),
            "zoom is not a finite number"
        ),
        (
            ViewerRequest(photos: ["p.png"], output: "v.png", screen: CGSize(width: 0, height: 844)),
            "screen and scale must be positive"
        ),
        (
            ViewerRequest(photos: ["p.png"], output: "v.png", screen: CGSize(width: 390, height: 844), scale: 100),
            "39000x84400 is over the 32768 pixels a side Lightbox writes"
        ),
        (
            ViewerRequest(photos: ["p.png"], output: "v.webp", screen: CGSize(width: 20_000, height: 20)),
            "20000x20 is over the 16383 pixels a side a WebP can hold"
        ),
    ])
    func viewerRequestRefused(request: ViewerRequest, reason: String) throws {
        #expect(throws: LightboxError(request.output, reason)) { try Renderer().view(request) }
    }

    /// A crop goes through the planner every door uses: an output Lightbox does not write fails
    /// that crop alone, before any work, naming the crop.
    @Test func anOutputOfNoFormatFailsOnlyItsCrop() throws {
        let folder = try TemporaryFolder()
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        let results = Renderer().crop(
            CropRequest(
                input: TemporaryFolder.fixture("pattern.png"),
                crops: [
                    .init(rect: whole, output: folder.file("a.bmp")), .init(rect: whole, output: folder.file("b.png")),
                ]))
        #expect(results[0].error?.path == folder.file("a.bmp"))
        #expect(results[0].error?.reason.hasPrefix("output 1: ") == true)
        #expect(results[0].error?.reason.contains("unsupported format '.bmp'") == true)
        #expect(results[1].error == nil && results[1].pixels == CGRect(x: 0, y: 0, width: 640, height: 480))
        #expect(try folder.contents() == ["b.png"])
    }

    /// A snapshot's output format is checked by the rule every door uses, before any work.
    @Test func aSnapshotOfNoFormatIsRefused() throws {
        let request = ViewerRequest(
            photos: [TemporaryFolder.fixture("pattern.png")], output: "v.bmp", screen: CGSize(width: 390, height: 844))
        let reason = try #require(OutputFormat.problem(with: "v.bmp"))
        #expect(throws: LightboxError("v.bmp", reason)) { try Renderer().view(request) }
    }

    /// A page past the end shows the last photo; an unreadable photo is an error about it.
    @Test func viewerClampsThePageAndNamesAnUnreadablePhoto() throws {
        let folder = try TemporaryFolder()
        let photos = [TemporaryFolder.fixture("photo.jpg"), TemporaryFolder.fixture("pattern.png")]
        let screen = CGSize(width: 100, height: 200)
        let result = try Renderer().view(
            ViewerRequest(photos: photos, page: 7, output: folder.file("v.jpg"), screen: screen, scale: 2))
        #expect(result == ViewerResult(photo: photos[1], width: 200, height: 400))
        let missing = folder.file("missing.png")
        #expect(throws: LightboxError(missing, "cannot open: No such file or directory")) {
            try Renderer().view(ViewerRequest(photos: [missing], output: folder.file("w.png"), screen: screen))
        }
        #expect(try folder.contents() == ["v.jpg"])
    }

    /// Board requests that cannot be drawn, with the reason each gives.
    @Test(arguments: [
        (
            BoardRequest(
                photos: [.init(id: "a", path: "1.jpg", caption: ""), .init(id: "a", path: "2.jpg", caption: "")],
                output: "b.png", size: CGSize(width: 400, height: 300)),
            "photos 1 and 2 share the id 'a'"
        ),
        (
            BoardRequest(photos: [], output: "b.png", size: CGSize(width: 400, height: 300), scale: 9),
            "scale 9 is not a number from 0.01 to 8"
        ),
        (
            BoardRequest(photos: [], output: "b.png", size: CGSize(width: 20_000, height: 300), scale: 2),
            "40000x600 is over the 32768 pixels a side Lightbox writes"
        ),
        (
            BoardRequest(photos: [], output: "b.avif", size: CGSize(width: 17_000, height: 300)),
            "17000x300 is over the 16384 pixels a side an AVIF can hold"
        ),
        (
            BoardRequest(photos: [], output: "b.png", size: CGSize(width: 400, height: CGFloat.infinity)),
            "size.height is not a number from -100000 to 100000"
        ),
        (
            BoardRequest(
                photos: [], output: "b.png", size: CGSize(width: 400, height: 300),
                background: .colour(Colour(red: 2, green: 0, blue: 0))),
            "background: each of red, green and blue must be a number from 0 to 1"
        ),
    ])
    func boardRequestRefused(request: BoardRequest, reason: String) throws {
        #expect(throws: LightboxError(request.output, reason)) { try Renderer().board(request) }
    }

    /// A photo that cannot be read is left out and reported; the board is still written.
    @Test func boardLeavesOutAnUnreadablePhoto() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("missing.jpg")
        let result = try Renderer().board(
            BoardRequest(
                photos: [
                    .init(id: "a", path: TemporaryFolder.fixture("photo.jpg"), caption: "A"),
                    .init(id: "b", path: missing, caption: "B"),
                ],
                output: folder.file("board.jpg"), size: CGSize(width: 300, height: 200), scale: 2))
        #expect(
            result
                == BoardResult(
                    width: 600, height: 400,
                    failures: [LightboxError(missing, "cannot open: No such file or directory")]))
        #expect(try folder.contents() == ["board.jpg"])
    }
}

/// `Renderer.run` runs a list of jobs of every kind and streams each result as its job ends.
@Suite struct RendererRunTests {
    @Test func aListOfJobsStreamsOneResultEach() async throws {
        let folder = try TemporaryFolder()
        let input = TemporaryFolder.fixture("pattern.png")
        let jobs: [LightboxJob] = [
            .crop(
                CropRequest(
                    input: input,
                    crops: [.init(rect: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), output: folder.file("a.png"))])),
            .view(ViewerRequest(photos: [input], output: folder.file("v.png"), screen: CGSize(width: 40, height: 30))),
            .crop(
                CropRequest(
                    input: folder.file("missing.png"),
                    crops: [.init(rect: CGRect(x: 0, y: 0, width: 1, height: 1), output: folder.file("m.png"))])),
            .board(
                BoardRequest(
                    photos: [.init(id: "p", path: input, caption: "p")], output: folder.file("b.png"),
                    size: CGSize(width: 200, height: 200))),
        ]
        var results: [Int: LightboxJobResult] = [:]
        for await (index, result) in Renderer().run(jobs, concurrency: 2) { results[index] = result }
        #expect(results.count == 4)
        guard case .crop(let crops)? = results[0] else { Issue.record("no crop"); return }
        #expect(crops.map(\.pixels) == [CGRect(x: 0, y: 0, width: 320, height: 240)] && crops[0].error == nil)
        guard case .view(.success(let view))? = results[1] else {
            Issue.record("\(String(describing: results[1]))"); return
        }
        #expect(view.width == 40 && view.height == 30 && view.photo == input)
        guard case .crop(let missing)? = results[2] else { Issue.record("no crop"); return }
        #expect(missing.first?.error?.reason.hasPrefix("cannot open") == true)
        guard case .board(.success(let board))? = results[3] else {
            Issue.record("\(String(describing: results[3]))"); return
        }
        #expect(board.width == 200 && board.failures.isEmpty)
        #expect(try folder.contents() == ["a.png", "b.png", "v.png"])
    }
}
