import LightboxArguments
import LightboxFormats
import LightboxGeometry

/// `--timeout` and `--max-memory`, the options of the worker processes, shared by every command.
package struct WorkerOptions: Sendable {
    /// Seconds after which an item is given up: far above what the largest honest photo needs
    /// here (a 900-megapixel TIFF, JPEG or PNG is cropped, viewed or put on a board in 10 to
    /// 22 s on two busy cores), so only a hung decoder reaches it.
    package static let defaultTimeout = 600.0
    /// Megabytes of data each worker may take: the common jobs take under 80 MB here (a 24-megapixel
    /// crop, a viewer snapshot, a board's photos; docs/benchmarks.md) and a 225-megapixel interlaced
    /// PNG, decoded whole, 690 MB, so honest photos up to the default `--max-pixels` fit, while a
    /// container can still be sized by `--jobs` times this.
    package static let defaultMemory = 2048
    /// The smallest limit taken. Starting libvips and its threads takes about 30 MB of it (mostly
    /// the threads' stacks), so below about 45 MB even a small crop fails, with the memory message.
    package static let leastMemory = 16

    /// `--timeout s`.
    package static let option = Option<Double>(
        "timeout", valueName: "s",
        help: "Give up on an item after s seconds and go on (default \(NumberText.short(defaultTimeout)); 0: never).",
        in: 0...1_000_000)
    /// `--max-memory MB`.
    package static let maxMemory = Option<Int>(
        "max-memory", valueName: "MB",
        help:
            "Each worker process may take MB megabytes; an item that needs more fails alone (default \(defaultMemory); 0: no limit).",
        expected: "expected 0 (no limit) or megabytes from \(leastMemory) to 1048576",
        where: { $0 == 0 || (leastMemory...1_048_576).contains($0) })

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [option, maxMemory]

    /// Seconds one item (an input, a snapshot, a card's photo) may take; 0 for no limit.
    package let timeout: Double
    /// Megabytes each worker process may take (`RLIMIT_DATA` above what it starts with); 0 for no limit.
    package let memoryMegabytes: Int

    /// Reads `--timeout` and `--max-memory` from the parsed command line.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        timeout = try parsed.value(WorkerOptions.option, default: WorkerOptions.defaultTimeout)
        memoryMegabytes = try parsed.value(WorkerOptions.maxMemory, default: WorkerOptions.defaultMemory)
    }
}
