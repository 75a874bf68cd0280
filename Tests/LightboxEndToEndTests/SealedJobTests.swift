import Foundation
import SeededRandom
import Synchronization
import Testing

/// A job is sealed: it ends the same way, with the same reason and the same bytes, whatever ran
/// before it in its worker, in any order and at any `--jobs`, as when its input is cropped alone;
/// an input that fails alone is never written.
@Suite(.processes) struct SealedJobTests {
    /// How one output of a run ended: its status, the reason (without the manifest's place and the
    /// input's path), and the bytes written.
    struct Ending: Equatable, Sendable, CustomStringConvertible {
        let status: String
        let reason: String
        let bytes: Data?

        var description: String { "\(status) \(reason) \(bytes.map { "\($0.count) bytes" } ?? "")" }
    }

    /// The manifest lines of input number `index`: one rect (streamed) or two (decoded once for
    /// both), to outputs in a format that follows from the index; each line a JSON object.
    static func lines(of input: String, index: Int) throws -> [String] {
        let formats = ["png", "jpg", "webp", "tif"]
        var lines = [["input": input, "rect": "0.1,0.2,0.5,0.6", "output": "\(index)-a.\(formats[index % 4])"]]
        if index % 3 == 0 { lines.append(["input": input, "rect": "0,0.5,1,0.5", "output": "\(index)-b.png"]) }
        return try lines.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
    }

    /// Runs `lines` as one manifest in a fresh folder under `folder` (with `jobs` if given) and
    /// reads how each output ended, checking that the out folder holds exactly the outputs done.
    static func run(_ lines: [String], in folder: URL, jobs: Int?) throws -> [String: Ending] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = folder.appendingPathComponent("m.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifest)
        let out = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            ["crop", "--manifest", manifest.path, "--out-dir", out.path, "--json", "-q"]
                + (jobs.map { ["--jobs", "\($0)"] } ?? []))
        var endings: [String: Ending] = [:]
        for line in result.lines {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let output = try #require(record["output"] as? String)
            let input = try #require(record["input"] as? String)
            let status = try #require(record["status"] as? String)
            let error = (record["error"] as? String).map { $0.components(separatedBy: input + ": ").dropFirst() }
            endings[(output as NSString).lastPathComponent] = Ending(
                status: status, reason: error?.joined(separator: input + ": ") ?? "",
                bytes: status == "done" ? try Data(contentsOf: URL(fileURLWithPath: output)) : nil)
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(
            Set(written) == Set(endings.filter { $0.value.status == "done" }.keys),
            "\(folder.lastPathComponent): the out folder holds exactly the outputs done")
        return endings
    }

    @Test func damagedInputsEndTheSameWayInAnyOrderAndAtAnyJobsAsAlone() throws {
        let scratch = try Scratch()
        let corpus = scratch.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let inputs = try DamagedCorpus.make(in: corpus, perOriginal: 16)
        let lines = try inputs.enumerated().map { index, input in
            try Self.lines(of: corpus.appendingPathComponent(input.name).path, index: index)
        }

        // Each input alone, in a process of its own, as many at a time as there are cores.
        let base = scratch.url
        let found = Mutex<(endings: [String: Ending], problems: [String])>(([:], []))
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            do {
                let endings = try Self.run(lines[index], in: base.appendingPathComponent("alone/\(index)"), jobs: nil)
                found.withLock { $0.endings.merge(endings) { first, _ in first } }
            } catch {
                found.withLock { $0.problems.append("\(index): \(error)") }
            }
        }
        let (alone, problems) = found.withLock { $0 }
        #expect(problems.isEmpty, "\(problems)")
        let failed = alone.values.filter { $0.status == "failed" }.count
        #expect(alone.count == lines.joined().count)
        #expect(failed >= 150 && alone.count - failed >= 60, "\(failed) of \(alone.count) failed alone")
        for (index, input) in inputs.enumerated() where input.healthy {
            for output in ["\(index)-a", "\(index)-b"] {
                let ending = alone.first { ($0.key as NSString).deletingPathExtension == output }?.value
                #expect(ending == nil || ending?.status == "done", "\(input.name)")
            }
        }

        // The same lines as one manifest: in order, reversed, shuffled, at --jobs 1 and 2.
        var random = SeededRandom(seed: 2828)
        let orders: [(String, [Int], Int)] = [
            ("forward", Array(inputs.indices), 2),
            ("reversed", inputs.indices.reversed(), 1),
            ("shuffled", inputs.indices.shuffled(using: &random), 1),
            ("shuffled again", inputs.indices.shuffled(using: &random), 2),
        ]
        for (name, order, jobs) in orders {
            let endings = try Self.run(
                order.flatMap { lines[$0] }, in: scratch.url.appendingPathComponent("run-\(jobs)-\(order.first!)"),
                jobs: jobs)
            let differing = alone.keys.sorted().filter { endings[$0] != alone[$0] }
            #expect(
                differing.isEmpty,
                """
                \(name) at --jobs \(jobs): \(differing.count) outputs end otherwise than alone: \
                \(differing.prefix(8).map { "\($0): alone \(alone[$0]!), here \(endings[$0].map(\.description) ?? "none")" })
                """)
        }
    }
}
