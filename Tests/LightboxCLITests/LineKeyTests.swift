import Foundation
import LightboxArguments
import LightboxFormats
import LightboxJobs
import LightboxRender
import Testing

@testable import LightboxCLI

/// No key of a line is silently ignored either: every optional key of a crop manifest line (and
/// `lightbox batch` crop job) and every key of a view state line changes what the line plans, or
/// the line is refused naming it (a mask of a rect without a turn, `threshold` without the screen
/// style...), with the same rules as the command line's options.
@Suite struct LineKeyTests {
    /// A value for each optional crop key, and the keys it is compared beside.
    static func cropKeys() -> [String: (value: Any, beside: [String: Any])] {
        [
            "output": ("other.jpg", [:]), "units": ("px", [:]), "square": (true, [:]), "angle": (10, [:]),
            "oriented": ("upright", ["angle": 10]), "mask": (true, ["angle": 10]), "lossless": (true, [:]),
        ]
    }

    /// What a crop line with `keys` plans (the item dumped), or `Error: ...` with its problem.
    static func cropLine(_ keys: [String: Any], fixture: DoorFixture) throws -> String {
        let command = try CropCommand(
            try DoorPlans.parsed("crop", ["--manifest", fixture.dir + "/m.csv", "--out-dir", fixture.dir + "/out"]))
        let object = keys.merging(["input": fixture.dir + "/p.jpg", "rect": "0,0,1,1"]) { own, _ in own }
        let entry = try ManifestReader.entry(object, number: 1, path: "m.jsonl", folder: "").get()
        let item = command.options.planner.item(
            entry, file: "m.jsonl", base: "", number: 1, fallback: OutputTemplate("{stem}-{n}.{ext}"), warn: { _ in })
        switch item {
        case .failure(let problem): return "Error: \(problem.description)"
        case .success(let item): return DoorPlans.text(item)
        }
    }

    @Test func everyCropKeyChangesTheItemOrIsRefused() throws {
        let fixture = try DoorFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.dir) }
        for key in ManifestReader.optional {
            let sample = try #require(Self.cropKeys()[key], "no sample for the crop key '\(key)'")
            if !sample.beside.isEmpty {
                let alone = try Self.cropLine([key: sample.value], fixture: fixture)
                #expect(alone.hasPrefix("Error: m.jsonl:1: \(key): "), "\(key) alone: \(alone)")
            }
            let before = try Self.cropLine(sample.beside, fixture: fixture)
            let after = try Self.cropLine(sample.beside.merging([key: sample.value]) { $1 }, fixture: fixture)
            #expect(!after.hasPrefix("Error:"), "\(key): \(after)")
            #expect(before != after, "the crop key '\(key)' changes nothing")
        }
    }

    /// What a view state line with `keys` plans (its job dumped), or `Error: ...` with its problem.
    static func viewLine(_ keys: [String: Any], fixture: DoorFixture) throws -> String {
        let defaults = try DoorPlans.parsed(
            "view",
            ["--manifest", fixture.dir + "/states.jsonl", "--out-dir", fixture.dir + "/out", "--screen", "390x844"])
        let planner = ViewPlanner(defaults: defaults, outDir: fixture.dir + "/out", dryRun: false)
        let object = keys.merging(["input": fixture.dir + "/p.jpg"]) { own, _ in own }
        switch planner.job(object, file: "s.jsonl", line: 1, folder: "", warn: { _ in }) {
        case .failure(let problem): return "Error: \(problem.description)"
        case .success(let job): return DoorPlans.text(job)
        }
    }

    /// `--long`'s sample as a line's keys: the value (true for a flag) and an `output` beside it.
    static func viewKeys(_ long: String, fixture: DoorFixture) throws -> (own: [String: Any], beside: [String: Any]) {
        let sample = try #require(DoorSamples.sample("view", long), "no sample for the view key '\(long)'")
        let args = sample.args.map(fixture.expand)
        var beside: [String: Any] = [:]
        if let index = sample.beside.firstIndex(of: "-o") { beside["output"] = sample.beside[index + 1] }
        return ([long: args.count > 1 ? args[1] : true], beside)
    }

    @Test func everyViewKeyChangesTheJobOrIsRefused() throws {
        let fixture = try DoorFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.dir) }
        for option in ViewFields.jobOptions {
            let rule = try #require(ViewDoors.table.rules[option.long], "no door rule for --\(option.long)")
            var (own, beside) = try Self.viewKeys(option.long, fixture: fixture)
            switch rule.use(in: ViewDoors.line) {
            case .refused: Issue.record("a state line's key '\(option.long)' is refused: it should be no key at all")
            case .needs(let requirements):
                let alone = try Self.viewLine(own.merging(beside) { $1 }, fixture: fixture)
                #expect(alone.hasPrefix("Error: s.jsonl:1: \(option.long) needs "), "\(option.long) alone: \(alone)")
                beside[requirements[0].option] =
                    try requirements[0].value
                    ?? Self.viewKeys(requirements[0].option, fixture: fixture).own.values.first
            case .applies: break
            }
            if option.long == "output" { own["output"] = "other.png" }
            let before = try Self.viewLine(beside, fixture: fixture)
            let after = try Self.viewLine(beside.merging(own) { $1 }, fixture: fixture)
            #expect(!after.hasPrefix("Error:"), "\(option.long): \(after)")
            #expect(before != after, "the view key '\(option.long)' changes nothing")
        }
    }
}
