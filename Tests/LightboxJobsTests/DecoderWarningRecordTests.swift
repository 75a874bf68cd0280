import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender
import Testing
import Vips

@testable import LightboxJobs

/// The decoder's warnings travel as values: across the worker pipe with a crop's outcome, into
/// its record's `warnings` and one `warning:` line, and into one `warnings` array of a batch answer.
@Suite struct DecoderWarningRecordTests {
    /// A job of one crop of `a.jpg` from line 3 of `crops.csv`.
    static let job = CropJob(
        order: 0, input: "a.jpg",
        items: [
            CropItem(
                rect: CGRect(x: 0, y: 0, width: 1, height: 1), output: "o/1.png",
                origin: JobOrigin(source: "crops.csv", line: 3))
        ],
        settings: CropSettings(save: SaveOptions()))

    /// The report of the crop, written despite `warnings`, or failed with `error`.
    static func report(warnings: [String], error: RenderError? = nil) -> CropReport {
        var outcome = CropOutcome(input: "a.jpg", output: "o/1.png", rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        outcome.warnings = DecoderWarnings(warnings)
        outcome.error = error
        return .cut(index: 0, outcome: outcome, clipped: false)
    }

    /// `report` as the supervisor gets it from a worker.
    static func crossed(_ report: CropReport) throws -> CropReport {
        guard case .crop(.report(let back))? = WorkerReply(bytes: WorkerReply.crop(.report(report)).bytes) else {
            throw CocoaError(.coderReadCorrupt)
        }
        return back
    }

    @Test(arguments: [
        (["Corrupt JPEG data: premature end of data segment"], "(o/1.png written despite it)"),
        (["first", "second", "third"], "(and 2 more warnings; o/1.png written despite them)"),
    ])
    func aWrittenCropCarriesItsWarnings(warnings: [String], tail: String) throws {
        let record = CropRecords.record(try Self.crossed(Self.report(warnings: warnings)), job: Self.job)
        #expect(record.status == .done)
        #expect(record.warnings.messages == warnings)
        #expect(record.warningLines == ["crops.csv:3: a.jpg: \(warnings[0]) \(tail)"])
        #expect(record.json.text.contains(#""warnings":["\#(warnings.joined(separator: #"",""#))"]"#))
    }

    @Test func aFailureCountsItsWarningsAndItsRecordSaysThem() throws {
        let error = RenderError("a.jpg", "bad seek to 10", warnings: DecoderWarnings(["one", "two"]))
        let record = CropRecords.record(try Self.crossed(Self.report(warnings: [], error: error)), job: Self.job)
        #expect(record.error == "crops.csv:3: a.jpg: bad seek to 10 (and 2 more warnings)")
        #expect(record.warnings.messages == ["one", "two"])
        #expect(record.warningLines.isEmpty)
    }

    /// A one-record answer has one `warnings` array: the record's decoder warnings, then the job's.
    @Test func aBatchAnswerMergesTheRecordsWarningsWithTheJobs() throws {
        var record = BatchRecord(status: .done, output: "o.png", fields: [], error: nil, milliseconds: 1)
        record.warnings = DecoderWarnings(["decoder"])
        guard case .object(let pairs) = record.json else { throw CocoaError(.coderReadCorrupt) }
        let answer = BatchAnswer(id: BatchID(of: Array(#"{"id":5}"#.utf8)), done: true, pairs: pairs, warnings: ["job"])
        #expect(answer.line == #"{"id":5,"status":"done","milliseconds":1,"warnings":["decoder","job"]}"#)
    }
}
