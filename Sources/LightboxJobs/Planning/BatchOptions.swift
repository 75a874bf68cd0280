import Foundation
import LightboxArguments

/// The options every batch shares: how many jobs, where the report goes, resuming and sharding.
package struct BatchOptions: Sendable {
    /// Items in flight at once.
    package let jobs: Int
    /// The `--report` file, if any.
    package let report: String?
    /// Skip items whose output already exists whole.
    package let resume: Bool
    /// This process's share of the batch.
    package let shard: Shard
    /// Failed items that still exit 0, if any may.
    package let maxFailures: FailureBudget?

    /// `-j, --jobs n`.
    package static let jobs = Option<Int>(
        "jobs", short: "j", valueName: "n", help: "Items in flight at once (default: the number of cores).",
        in: 1...1024)
    /// `--report file`.
    package static let report = Option<String>(
        "report", valueName: "file", help: "Write one JSON line per item: status, error, numbers, time.")
    /// `--resume`.
    package static let resume = Flag(
        "resume",
        help:
            "Skip outputs known whole (by --report sizes, else by decoding); redo the rest, replacing a file the journal does not know only with --force."
    )
    /// `--shard k/n`, `auto` or `auto/n`.
    package static let shard = Option<Shard>(
        "shard", valueName: "k/n",
        help:
            "Do only share k of n of the items (k from 1 to n); auto takes k and n from a Slurm array task, "
            + "auto/n takes k from a Kubernetes Indexed Job's JOB_COMPLETION_INDEX.")

    /// `--max-failures N|P%`.
    package static let maxFailures = Option<FailureBudget>(
        "max-failures", valueName: "N|P%",
        help:
            "Exit 0 when at most N inputs (or P% of them) failed: a photo counts once however many of its crops "
            + "failed, a manifest line that cannot be planned once, a board each photo it left out; every failure "
            + "is still reported and journaled (default 0).")

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [jobs, report, resume, shard, maxFailures]

    /// Reads the batch options, throwing a usage error for a bad value.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        jobs = try parsed.value(Self.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
        report = parsed.text(Self.report)
        resume = parsed.flag(Self.resume)
        shard = try parsed.value(Self.shard, default: .all)
        maxFailures = try parsed.value(Self.maxFailures)
    }
}
