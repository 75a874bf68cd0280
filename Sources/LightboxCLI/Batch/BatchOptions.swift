import Foundation
import LightboxArguments

/// The options every batch shares: how many jobs, where the report goes, resuming and sharding.
struct BatchOptions: Sendable {
    /// Items in flight at once.
    let jobs: Int
    /// The `--report` file, if any.
    let report: String?
    /// Skip items whose output already exists whole.
    let resume: Bool
    /// This process's share of the batch.
    let shard: Shard

    /// `-j, --jobs n`.
    static let jobs = Option<Int>(
        "jobs", short: "j", valueName: "n", help: "Items in flight at once (default: the number of cores).",
        in: 1...1024)
    /// `--report file`.
    static let report = Option<String>(
        "report", valueName: "file", help: "Write one JSON line per item: status, error, numbers, time.")
    /// `--resume`.
    static let resume = Flag(
        "resume", help: "Skip outputs known whole (by --report sizes, else by decoding); redo the rest.")
    /// `--shard k/n`.
    static let shard = Option<Shard>(
        "shard", valueName: "k/n", help: "Do only share k of n of the items (k from 1 to n).")

    /// The group, in the order help lists it.
    static let declared: [any OptionDeclaration] = [jobs, report, resume, shard]

    /// Reads the batch options, throwing a usage error for a bad value.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        jobs = try parsed.value(Self.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
        report = parsed.text(Self.report)
        resume = parsed.flag(Self.resume)
        shard = try parsed.value(Self.shard, default: .all)
    }
}
