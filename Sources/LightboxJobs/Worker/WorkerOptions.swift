import LightboxArguments
import LightboxFormats
import LightboxGeometry

/// `--timeout`, the one option of the worker processes, shared by crop, view and board.
package struct WorkerOptions: Sendable {
    /// Seconds after which an item is given up: far above what the largest honest photo needs
    /// here (a 900-megapixel TIFF, JPEG or PNG is cropped, viewed or put on a board in 10 to
    /// 22 s on two busy cores), so only a hung decoder reaches it.
    package static let defaultTimeout = 600.0

    /// `--timeout s`.
    package static let option = Option<Double>(
        "timeout", valueName: "s",
        help: "Give up on an item after s seconds and go on (default \(NumberText.short(defaultTimeout)); 0: never).",
        in: 0...1_000_000)

    /// Seconds one item (an input, a snapshot, a card's photo) may take; 0 for no limit.
    package let timeout: Double

    /// Reads `--timeout` from the parsed command line.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        timeout = try parsed.value(WorkerOptions.option, default: WorkerOptions.defaultTimeout)
    }
}
