import Foundation
import LightboxFormats
import LightboxRender
import LightboxWorkers
import Testing

@testable import LightboxCLI

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

    @Test func recordsAndCropJobsSurviveTheTrip() throws {
        let record = BatchRecord(
            status: .failed, fields: [("input", .string("a.jpg")), ("crashes", .int(2))], error: "a.jpg: x",
            milliseconds: 12.5)
        let job = CropJob(
            order: 7, input: "in/a.jpg",
            items: [
                Cropper.Item(rect: CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4), output: "o/1.png", square: true)
            ],
            origins: ["crops.csv:3"]
        )
        var writer = WireWriter()
        record.write(to: &writer)
        job.write(to: &writer)
        var reader = WireReader(writer.bytes)
        let back = try BatchRecord.read(from: &reader)
        #expect(back.json == record.json)
        let jobBack = try CropJob.read(from: &reader)
        #expect(jobBack.order == 7 && jobBack.input == "in/a.jpg" && jobBack.origins == ["crops.csv:3"])
        #expect(jobBack.items.map(\.rect) == job.items.map(\.rect))
        #expect(jobBack.items.map(\.output) == ["o/1.png"] && jobBack.items[0].square)
        #expect(reader.isAtEnd)
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
    ])
    func failureReasons(failure: WorkerFailure, reason: String) {
        #expect(failure.reason == reason)
    }

    @Test func aLongStderrKeepsItsEnd() {
        let detail = String(repeating: "x", count: 1_000) + "the end"
        let reason = WorkerFailure.crashed(signal: SIGABRT, detail: detail).reason
        #expect(reason.count < 340 && reason.hasSuffix("the end") && reason.contains("… "))
    }
}
