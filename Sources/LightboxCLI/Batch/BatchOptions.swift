import Foundation

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

    /// The options as data, for each batch command's spec.
    static let specs: [OptionSpec] = [
        .value("jobs", short: "j", valueName: "n", help: "Items in flight at once (default: the number of cores)."),
        .value("report", valueName: "file", help: "Write one JSON line per item: status, error, numbers, time."),
        .flag("resume", help: "Skip outputs known whole (by --report sizes, else by decoding); redo the rest."),
        .value("shard", valueName: "k/n", help: "Do only share k of n of the items (k from 1 to n)."),
    ]

    /// The option names in `specs`.
    static let names = Set(specs.map(\.long))

    /// Reads the batch options, throwing a usage error for a bad value.
    init(_ reader: OptionReader) throws(UsageError) {
        let parsed = reader.parsed
        jobs = try reader.integer("jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        report = parsed.value("report")
        resume = parsed.flag("resume")
        guard let text = parsed.value("shard") else {
            shard = .all
            return
        }
        guard let shard = Shard(text) else {
            let hint = text.hasPrefix("0/") ? "; shards count from 1, as Jest and Playwright do (1/N to N/N)" : ""
            throw reader.error("--shard '\(text)': expected K/N with 1 <= K <= N, such as 1/4\(hint)")
        }
        self.shard = shard
    }
}
