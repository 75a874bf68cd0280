import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender
import LightboxSystem
import LightboxWorkers
import Testing

@testable import LightboxJobs

/// The messages between the supervisor and its workers, and the reasons a worker failure gives.
@Suite struct WorkerWireTests {
    /// A crop's report crosses the pipe typed, and the record the supervisor renders from it is
    /// the one it renders from the report as the worker made it, byte for byte.
    @Test func cropReportsSurviveTheTrip() throws {
        var item = CropItem(
            rect: CGRect(x: 0.1, y: 0.2, width: 0.3, height: 1.0 / 3), output: "o/1.png",
            origin: JobOrigin(source: "crops.csv", line: 3))
        item.crashes = 1
        let job = CropJob(order: 0, input: "a.jpg", items: [item], settings: CropSettings(save: SaveOptions()))
        var outcome = CropOutcome(
            input: "a.jpg", output: "o/1.png", rect: CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.3))
        outcome.image = ImageSize(width: 4032, height: 3024)
        outcome.pixels = PixelRect(left: 403, top: 605, width: 1210, height: 907)
        (outcome.decoder, outcome.fallback, outcome.loadShrink) = (.libvips, "alpha", 2)
        outcome.error = RenderError("a.jpg", "VipsJpeg: Premature end of input file")
        outcome.milliseconds = 12.25
        let reports: [CropReport] = [
            .cut(index: 0, outcome: outcome, clipped: true), .skipped(index: 0),
            .refused(
                index: 0, rect: CGRect(x: 10, y: 20, width: 30, height: 40), units: .px,
                reason: "the rect lies outside",
                image: ImageSize(width: 8, height: 6), printsError: false),
            .preview(RenderError("p.jpg", "cannot write"), origin: 0),
        ]
        for report in reports {
            guard case .crop(.report(let back))? = WorkerReply(bytes: WorkerReply.crop(.report(report)).bytes) else {
                Issue.record("not a crop report")
                continue
            }
            let (sent, got) = (CropRecords.record(report, job: job), CropRecords.record(back, job: job))
            #expect(got.json.text == sent.json.text && got.error == sent.error)
            #expect(got.output == sent.output && got.printsError == sent.printsError && got.cause == sent.cause)
            #expect(got.crop?.pixels == sent.crop?.pixels)
        }
    }

    /// A view's report crosses typed, its layout and numbers exact (a non-finite one too).
    @Test func viewReportsSurviveTheTrip() throws {
        let request = ViewRequest(
            inputs: ["a.jpg", "b.jpg"], page: 1, output: "v.png",
            state: ViewState(screen: CGSize(width: 390, height: 844)))
        var outcome = ViewOutcome(request: request)
        outcome.layout = request.state.layout(photo: CGSize(width: 4032, height: 3024))
        (outcome.decoder, outcome.milliseconds) = (.region, .infinity)
        guard case .view(.rendered(let back))? = WorkerReply(bytes: WorkerReply.view(.rendered(outcome)).bytes) else {
            Issue.record("not a view report")
            return
        }
        #expect(back.layout == outcome.layout && back.decoder == .region && back.milliseconds == .infinity)
        let job = ViewJob(request: request, save: SaveOptions(), failOn: .standard, maxPixels: 0, origin: JobOrigin())
        #expect(ViewRecords.record(back, job: job).json.text == ViewRecords.record(outcome, job: job).json.text)
    }

    /// Pixels cross as one run, as they are: the message is the bytes and a few hundred more (base64 would be a third more).
    @Test func pixelsCrossAsTheyAre() throws {
        let bytes = (0..<(40 * 30 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let pixels = PixelBuffer(width: 40, height: 30, bands: 3, bytes: bytes)
        let message = WorkerReply.pixels(pixels).bytes
        #expect(message.count < bytes.count + 400)
        guard case .pixels(let back)? = WorkerReply(bytes: message) else {
            Issue.record("not pixels")
            return
        }
        #expect(back == pixels)
        let previews = [SheetPreview(job: 2, crop: 5, pixels: pixels), SheetPreview(job: 3, crop: 0, pixels: nil)]
        guard case .previews(let sheet)? = WorkerReply(bytes: WorkerReply.previews(previews).bytes) else {
            Issue.record("not previews")
            return
        }
        #expect(sheet.map(\.job) == [2, 3] && sheet.map(\.crop) == [5, 0] && sheet.map(\.pixels) == [pixels, nil])
    }

    /// A crop job crosses the pipe as the typed value it is: every field the supervisor decided comes back equal.
    @Test func cropJobsSurviveTheTrip() throws {
        var settings = CropSettings(save: SaveOptions(quality: 90, strip: true, force: true), failOn: .error)
        settings.minimumSide = .pixels(32)
        settings.resize = CropResize(width: 224, height: 224, fit: .contain, background: [1, 2, 3])
        var item = CropItem(
            rect: CGRect(x: 0.1, y: 0.2, width: 0.3, height: 1.0 / 3), units: .px, square: true, output: "o/1.webp",
            saverSettings: try SaverSettings("[Q=90,strip]", format: .webp, profiles: .refused), preview: "p/1.jpg",
            origin: JobOrigin(source: "crops.csv", line: 3))
        item.skipIfWhole = true
        item.crashes = 1
        var job = CropJob(order: 7, input: "in/a.jpg", items: [item], settings: settings)
        job.annotatedSize = AnnotatedSize(width: 640, height: 480)
        let root = try PathRoots.Root(FileManager.default.temporaryDirectory.path, option: "--root")
        let sent = WorkerContext(quiet: true, roots: PathRoots(read: [root], write: [root]))
        let bytes = WorkerRequest.crop(job, sent).bytes
        guard case .crop(let back, let context)? = WorkerRequest(bytes: bytes) else {
            Issue.record("not a crop request")
            return
        }
        #expect(context == sent && context.roots?.read.first?.option == "--root")
        #expect(back.order == 7 && back.input == "in/a.jpg" && back.annotatedSize == job.annotatedSize)
        #expect(back.settings == settings)
        let first = try #require(back.items.first)
        #expect(first.rect == item.rect && first.units == .px && first.square && first.output == "o/1.webp")
        #expect(
            first.saverSettings == item.saverSettings && first.saverSettings.stripsAll && first.preview == "p/1.jpg"
                && first.origin == item.origin)
        #expect(first.skipIfWhole && first.crashes == 1)
    }

    @Test func aCutRequestIsNoRequest() {
        let bytes = WorkerRequest.cardPhoto(path: "a.jpg", side: 100, limits: CardPhoto.Limits(), roots: nil).bytes
        #expect(WorkerRequest(bytes: Array(bytes.dropLast(3))) == nil)
    }

    @Test(arguments: [0, 1, 7, 8, 15, 40, 100])
    func aCutReplyIsNoReply(keep: Int) {
        let pixels = PixelBuffer(width: 2, height: 2, bands: 3, bytes: Array(repeating: 9, count: 12))
        let bytes = WorkerReply.pixels(pixels).bytes
        #expect(WorkerReply(bytes: Array(bytes.prefix(min(keep, bytes.count - 1)))) == nil)
    }

    @Test func aHugeLengthIsNoFrame() {
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(WorkerFrames.announcedLength(huge) == nil)
        #expect(WorkerFrames.announcedLength(Array(huge.prefix(7))) == nil)
        #expect(WorkerFrames.announcedLength([3, 0, 0, 0, 0, 0, 0, 0, 9]) == 3)
    }

    @Test(arguments: [
        (WorkerFailure.crashed(signal: SIGSEGV, detail: ""), "the decoder crashed (SIGSEGV)"),
        (
            .crashed(signal: SIGABRT, detail: "free(): invalid next size (normal)\n"),
            "the decoder crashed (SIGABRT): free(): invalid next size (normal)"
        ),
        (.crashed(signal: SIGKILL, detail: " a \n\n b \n"), "the decoder crashed (SIGKILL): a; b"),
        (.crashed(signal: 63, detail: ""), "the decoder crashed (signal 63)"),
        (.exited(status: 70, detail: ""), "the decoder stopped with exit status 70"),
        (.timedOut(seconds: 30), "timed out after 30 s"),
        (.timedOut(seconds: 0.5), "timed out after 0.5 s"),
        (.overMemory(megabytes: 200), "over the memory limit of 200 MB"),
        (.cancelled, "cancelled by its client"),
    ])
    func failureReasons(failure: WorkerFailure, reason: String) {
        #expect(failure.reason == reason)
    }

    /// A worker under a memory limit that died saying an allocation failed went over the limit;
    /// any other death stays what it was, and without a limit nothing is read into the words.
    @Test(arguments: [
        (WorkerFailure.crashed(signal: SIGTRAP, detail: "GLib-ERROR **: failed to allocate 7340032 bytes"), 200, true),
        (
            .crashed(signal: SIGABRT, detail: "terminate called after throwing an instance of 'std::bad_alloc'"), 200,
            true
        ),
        (.crashed(signal: SIGILL, detail: "Fatal error: Could not allocate memory."), 64, true),
        (.exited(status: 1, detail: "vips_tracked: out of memory --- size == 643MB"), 200, true),
        (.crashed(signal: SIGTRAP, detail: "GLib-ERROR **: failed to allocate 7340032 bytes"), 0, false),
        (.crashed(signal: SIGSEGV, detail: ""), 200, false),
        (.crashed(signal: SIGABRT, detail: "free(): invalid next size (normal)"), 200, false),
        (.timedOut(seconds: 30), 200, false),
    ])
    func deathsUnderAMemoryLimit(failure: WorkerFailure, megabytes: Int, overLimit: Bool) {
        let seen = failure.underMemoryLimit(megabytes)
        #expect(seen == (overLimit ? .overMemory(megabytes: megabytes) : failure))
        #expect(seen.isDecoderFault == !overLimit)
    }

    @Test func aLongStderrKeepsItsEnd() {
        let detail = String(repeating: "x", count: 1_000) + "the end"
        let reason = WorkerFailure.crashed(signal: SIGABRT, detail: detail).reason
        #expect(reason.count < 340 && reason.hasSuffix("the end") && reason.contains("… "))
    }
}
