import Foundation
import Testing

/// `--resume` skips the outputs the last run finished even when they come after an item that
/// crashed its worker: the replacement worker is spawned anew, and the report it would read is
/// the one the resumed run is rewriting, so the supervisor decides what is finished.
@Suite(.processes) struct ResumeAfterCrashTests {
    /// The report's records of a run, by output file name.
    static func statuses(_ report: String) throws -> [String: String] {
        var statuses: [String: String] = [:]
        for record in try JournalFile.lastRun(report) {
            let output = try #require(record["output"] as? String)
            statuses[(output as NSString).lastPathComponent] = record["status"] as? String
        }
        return statuses
    }

    @Test func aCropManifestResumedAfterACrashSkipsEveryFinishedOutput() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let rows = ["a", "b", "c", "d"].map { "\($0).jpg,0,0,1,1" }
        try Data((["input,x,y,width,height"] + rows).joined(separator: "\n").utf8).write(
            to: scratch.url.appendingPathComponent("crops.csv"))
        let arguments = [
            "crop", "--manifest", "crops.csv", "--out-dir", "out", "--report", "report.jsonl", "--resume", "--jobs",
            "1", "-q",
        ]
        let first = try CommandRunner.run(arguments, in: scratch.url, environment: ["LIGHTBOX_FAULT": "crash:b.jpg"])
        #expect(first.status == 1, "\(first.stderr)")
        #expect(
            try Self.statuses(scratch.path("report.jsonl")) == [
                "a-1.jpg": "done", "b-1.jpg": "failed", "c-1.jpg": "done", "d-1.jpg": "done",
            ])
        let second = try CommandRunner.run(arguments, in: scratch.url, environment: ["LIGHTBOX_FAULT": "crash:b.jpg"])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(
            try Self.statuses(scratch.path("report.jsonl")) == [
                "a-1.jpg": "skipped", "b-1.jpg": "failed", "c-1.jpg": "skipped", "d-1.jpg": "skipped",
            ])
    }

    @Test func aViewManifestResumedAfterACrashSkipsEveryFinishedOutput() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let lines = ["a", "b", "c", "d"].map { "{\"input\":\"\($0).jpg\",\"output\":\"\($0).png\"}" }
        try Data(lines.joined(separator: "\n").utf8).write(to: scratch.url.appendingPathComponent("states.jsonl"))
        let arguments = [
            "view", "--manifest", "states.jsonl", "--out-dir", "out", "--screen", "90x60", "--report", "report.jsonl",
            "--resume", "--jobs", "1", "-q",
        ]
        let first = try CommandRunner.run(arguments, in: scratch.url, environment: ["LIGHTBOX_FAULT": "crash:b.jpg"])
        #expect(first.status == 1, "\(first.stderr)")
        #expect(
            try Self.statuses(scratch.path("report.jsonl")) == [
                "a.png": "done", "b.png": "failed", "c.png": "done", "d.png": "done",
            ])
        let second = try CommandRunner.run(arguments, in: scratch.url, environment: ["LIGHTBOX_FAULT": "crash:b.jpg"])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(
            try Self.statuses(scratch.path("report.jsonl")) == [
                "a.png": "skipped", "b.png": "failed", "c.png": "skipped", "d.png": "skipped",
            ])
    }
}
