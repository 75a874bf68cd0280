import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender
import LightboxWorkers
import Testing

@testable import LightboxJobs

/// The messages between the supervisor and its workers, and the reasons a worker failure gives.
@Suite struct WorkerWireTests {
    @Test(arguments: [
        JSONValue.string("é \"q\" \n"), .int(-1 << 62), .double(-0.25), .double(.infinity), .bool(true), .null,
        .object([("z", .int(1)), ("a", .array([.string(""), .object([])]))]), .array([]),
    ])
    func jsonValuesSurviveTheTrip(value: JSONValue) throws {
        var writer = WireWriter()
        value.write(to: &writer)
        var reader = WireReader(writer.bytes)
        #expect(try JSONValue.read(from: &reader) == value)
        #expect(reader.isAtEnd)
    }

    @Test func recordsSurviveTheTrip() throws {
        let record = BatchRecord(
            status: .failed, fields: [("input", .string("a.jpg")), ("crashes", .int(2))], error: "a.jpg: x",
            milliseconds: 12.5)
        var caused = record
        caused.cause = RenderError("a.jpg", "x")
        var writer = WireWriter()
        record.write(to: &writer)
        caused.write(to: &writer)
        var reader = WireReader(writer.bytes)
        let back = try BatchRecord.read(from: &reader)
        #expect(back.json == record.json && back.cause == nil)
        #expect(try BatchRecord.read(from: &reader).cause == RenderError("a.jpg", "x"))
        #expect(reader.isAtEnd)
    }

    /// A crop job crosses the pipe as the typed value it is: every field the supervisor decided comes back equal.
    @Test func cropJobsSurviveTheTrip() throws {
        var settings = CropSettings(save: SaveOptions(quality: 90, strip: true, force: true), failOn: .error)
        settings.minimumSide = .pixels(32)
        settings.resize = CropResize(width: 224, height: 224, fit: .contain, background: [1, 2, 3])
        var item = CropItem(
            rect: CGRect(x: 0.1, y: 0.2, width: 0.3, height: 1.0 / 3), units: .px, square: true, output: "o/1.webp",
            saverOptions: "[Q=90]", preview: "p/1.jpg", origin: JobOrigin(source: "crops.csv", line: 3))
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
        #expect(first.saverOptions == "[Q=90]" && first.preview == "p/1.jpg" && first.origin == item.origin)
        #expect(first.skipIfWhole && first.crashes == 1)
    }

    @Test func aCutRequestIsNoRequest() {
        let bytes = WorkerRequest.cardPhoto(path: "a.jpg", side: 100, limits: CardPhoto.Limits(), roots: nil).bytes
        #expect(WorkerRequest(bytes: Array(bytes.dropLast(3))) == nil)
    }

    @Test(arguments: [0, 1, 7, 8, 15, 40])
    func aCutMessageIsMalformedNotACrash(keep: Int) {
        var writer = WireWriter()
        JSONValue.object([("key", .string("value")), ("n", .int(3))]).write(to: &writer)
        var reader = WireReader(Array(writer.bytes.prefix(keep)))
        #expect(throws: WireReader.Malformed.self) { try JSONValue.read(from: &reader) }
    }

    @Test func aHugeCountIsMalformed() {
        var writer = WireWriter()
        writer.int(Int.max)
        var reader = WireReader(writer.bytes)
        #expect(throws: WireReader.Malformed.self) { try reader.string() }
        #expect(WorkerFrames.announcedLength(writer.bytes) == nil)
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
