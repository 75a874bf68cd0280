import Foundation
import LightboxArguments
import LightboxFormats
import LightboxJobs
import Testing

@testable import LightboxCLI

/// No option is ever silently ignored: every option each command declares is walked through every
/// door its table (`OptionDoors`) names. Where the table says it applies, the command must take it
/// and what it plans (jobs, settings, run options) must differ from the same command without it;
/// where it needs another, it must be refused alone and apply beside it; where it is refused, the
/// command must refuse it naming it. An option without a rule for each door, or without a sample
/// value here, fails.
@Suite struct OptionDoorTests {
    /// One command's walk: its table, each door's arguments, and what a command line plans.
    struct Walk: Sendable, CustomStringConvertible {
        let command: String
        let spec: CommandSpec
        let table: OptionDoors
        /// Each door's base arguments (paths under `{dir}`).
        let doors: [String: [String]]
        /// What the command line plans, as text, or the usage error it gives.
        let plan: @Sendable ([String]) throws -> String
        var description: String { command }
    }

    static let walks = [
        Walk(
            command: "crop", spec: CropCommand.spec, table: CropDoors.table,
            doors: DatasetDoors.doors.merging([
                "rects": ["{dir}/p.jpg", "--rect", "0,0,1,1", "-o", "out/{stem}-{n}.{ext}"],
                "manifest": ["--manifest", "{dir}/m.csv", "--out-dir", "{dir}/out"],
            ]) { datasets, _ in datasets }, plan: DoorPlans.crop),
        Walk(
            command: "view", spec: ViewCommand.spec, table: ViewDoors.table,
            doors: [
                "snapshot": ["{dir}/p.jpg", "--screen", "390x844", "-o", "v.png"],
                "manifest": ["--manifest", "{dir}/states.jsonl", "--out-dir", "{dir}/out", "--screen", "390x844"],
                "devices": ["--list-devices"],
            ], plan: DoorPlans.view),
        Walk(
            command: "board", spec: BoardCommand.spec, table: BoardDoors.table,
            doors: [
                "photos": ["{dir}/p.jpg", "--id", "a", "--size", "300x300", "-o", "b.png"],
                "layout": ["--layout", "{dir}/layout.json", "-o", "b.png"],
            ], plan: DoorPlans.board),
        Walk(
            command: "batch", spec: BatchCommand.spec, table: BatchDoors.table, doors: ["jobs": ["{dir}/jobs.jsonl"]],
            plan: DoorPlans.batch),
    ]

    @Test(arguments: walks)
    func everyOptionHasARuleForEveryDoorAndASample(walk: Walk) {
        #expect(Set(walk.table.doors.map(\.name)).isSuperset(of: walk.doors.keys), "\(walk)")
        for option in walk.spec.options {
            #expect(walk.table.rules[option.long] != nil, "lightbox \(walk) --\(option.long) has no door rule")
            #expect(DoorSamples.sample(walk.command, option.long) != nil, "--\(option.long) has no sample here")
        }
    }

    @Test(arguments: walks)
    func everyOptionAppliesOrIsRefusedThroughEveryDoor(walk: Walk) throws {
        let fixture = try DoorFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.dir) }
        for (door, base) in walk.doors.sorted(by: { $0.key < $1.key }) {
            let base = base.map(fixture.expand)
            let given = Set(
                try DoorPlans.parsed(walk.command, base).command.options.map(\.long).filter { long in
                    base.contains("--\(long)") || (long == "output" && base.contains("-o"))
                })
            let plain = try walk.plan(base)
            #expect(!plain.hasPrefix("Error:"), "lightbox \(walk) \(door): \(plain)")
            for option in walk.spec.options {
                guard let rule = walk.table.rules[option.long],
                    let sample = DoorSamples.sample(walk.command, option.long)
                else { continue }
                let use = rule.use(in: door)
                if given.contains(option.long) {
                    #expect(use == .applies, "\(walk) \(door): --\(option.long) is in the door's own arguments")
                    continue
                }
                let args = sample.args.map(fixture.expand)
                let start = Self.combine(
                    sample.bases[door].map { $0.map(fixture.expand) } ?? base, sample.beside.map(fixture.expand))
                switch use {
                case .refused:
                    // Alone, without what it is compared beside. An option that names a door of its
                    // own (--manifest, --layout) makes the base's options the refused ones.
                    let refused = try walk.plan(base + args)
                    #expect(
                        refused.hasPrefix("Error: ") && refused.contains("--\(option.long)"),
                        "lightbox \(walk) \(door) --\(option.long): \(refused)")
                case .needs(let requirements):
                    let alone = try walk.plan(start + args)
                    #expect(
                        alone.hasPrefix("Error: --\(option.long) needs "),
                        "lightbox \(walk) \(door) --\(option.long) alone: \(alone)")
                    let needed =
                        requirements[0].value.map { ["--\(requirements[0].option)", $0] }
                        ?? DoorSamples.sample(walk.command, requirements[0].option)?.args.map(fixture.expand) ?? []
                    try expectApplies(walk, door, option.long, without: start + needed, with: args)
                case .applies:
                    try expectApplies(walk, door, option.long, without: start, with: args)
                }
            }
        }
    }

    /// An option another beside it leaves nothing to do is refused naming both, in the first
    /// door where each applies, and taken when what gives it something to do is there too.
    @Test(arguments: walks)
    func everyConflictIsRefused(walk: Walk) throws {
        let fixture = try DoorFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.dir) }
        for conflict in walk.table.conflicts {
            let long = conflict.option.option
            let involved = [long] + conflict.with.map(\.option)
            let door = try #require(
                walk.doors.keys.sorted().first { door in
                    involved.allSatisfy { walk.table.rules[$0].map { $0.use(in: door) != .refused } ?? false }
                }, "no door takes --\(long) and what it conflicts with")
            var base = (walk.doors[door] ?? []).map(fixture.expand)
            func args(_ requirement: OptionDoors.Requirement) -> [String] {
                guard !base.contains("--\(requirement.option)") else { return [] }
                return requirement.value.map { ["--\(requirement.option)", $0] }
                    ?? DoorSamples.sample(walk.command, requirement.option)?.args.map(fixture.expand) ?? []
            }
            // What each needs in this door (the crop screen needs a preview) goes into the base.
            for option in involved {
                if case .needs(let requirements)? = walk.table.rules[option]?.use(in: door) {
                    base += args(requirements[0])
                }
            }
            let with = conflict.with.flatMap(args)
            let refused = try walk.plan(base + with + args(conflict.option))
            #expect(
                refused.hasPrefix("Error: --\(long)") && refused.contains(" does not go with --"),
                "lightbox \(walk) \(door) --\(long) beside \(with): \(refused)")
            if let unless = conflict.unless {
                try expectApplies(walk, door, long, without: base + with + args(unless), with: args(conflict.option))
            }
        }
    }

    /// `args` added to `without` is taken and changes what is planned (a command that could not be
    /// planned without it, as a data.yaml whose root only `--datasets-dir` finds, counts as changed).
    func expectApplies(_ walk: Walk, _ door: String, _ option: String, without: [String], with args: [String]) throws {
        let before = try walk.plan(without)
        let after = try walk.plan(without + args)
        #expect(!after.hasPrefix("Error:"), "lightbox \(walk) \(door) --\(option): \(after)")
        #expect(before != after, "lightbox \(walk) \(door): --\(option) is taken but changes nothing")
    }

    /// `base` with `beside` added; a `-o NAME` in `beside` replaces the base's own (and is dropped
    /// where the base has none).
    static func combine(_ base: [String], _ beside: [String]) -> [String] {
        var (base, beside) = (base, beside)
        if let index = beside.firstIndex(of: "-o"), index + 1 < beside.count {
            let name = beside[index + 1]
            beside.removeSubrange(index...(index + 1))
            if let own = base.firstIndex(of: "-o"), own + 1 < base.count { base[own + 1] = name }
        }
        return base + beside
    }
}
