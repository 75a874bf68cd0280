import Foundation

/// Why a worker gave no answer for an item: it died, it ran past the timeout or its job was
/// cancelled and it was killed.
package enum WorkerFailure: Error, Sendable, Equatable {
    /// Killed by a signal (a crash: SIGSEGV, SIGABRT...), with what it wrote on stderr.
    case crashed(signal: Int32, detail: String)
    /// Exited without answering, with its exit status and what it wrote on stderr.
    case exited(status: Int32, detail: String)
    /// Still working after the timeout, so it was killed.
    case timedOut(seconds: Double)
    /// No worker process could be started.
    case unavailable(String)
    /// Died for lack of memory under its limit of `megabytes` (`--max-memory`).
    case overMemory(megabytes: Int)
    /// Its job's client cancelled it (`lightbox batch`'s cancel line): not sent, or its worker killed.
    case cancelled

    /// The reason a cancelled request gives.
    package static let cancelledReason = "cancelled by its client"

    /// The reason, on one line, as it follows the item's path in an `error:` line.
    package var reason: String {
        switch self {
        case .crashed(let signal, let detail):
            return "the decoder crashed (\(WorkerFailure.name(of: signal)))" + WorkerFailure.suffix(detail)
        case .exited(let status, let detail):
            return "the decoder stopped with exit status \(status)" + WorkerFailure.suffix(detail)
        case .timedOut(let seconds):
            return "timed out after \(WorkerFailure.plain(seconds)) s"
        case .unavailable(let why):
            return "no worker process could be started: \(why)"
        case .overMemory(let megabytes):
            return MemoryLimit.reason(megabytes: megabytes)
        case .cancelled:
            return WorkerFailure.cancelledReason
        }
    }

    /// Whether the input's decoding is to blame (a crash, an exit without answer, a timeout),
    /// which `--resume` counts, rather than the machine. Going over the memory limit is not
    /// counted: a run with a larger `--max-memory` should try the item again, nor is a cancel.
    package var isDecoderFault: Bool {
        switch self {
        case .unavailable, .overMemory, .cancelled: return false
        case .crashed, .exited, .timedOut: return true
        }
    }

    /// This failure of a worker under a memory limit of `megabytes` (0: none): one that died
    /// saying an allocation failed (GLib's `failed to allocate`, C++'s `std::bad_alloc`, the
    /// Swift runtime's) went over the limit, rather than crashed.
    package func underMemoryLimit(_ megabytes: Int) -> WorkerFailure {
        switch self {
        case .crashed(_, let detail), .exited(_, let detail):
            return megabytes > 0 && MemoryLimit.isAllocationFailure(detail) ? .overMemory(megabytes: megabytes) : self
        case .timedOut, .unavailable, .overMemory, .cancelled:
            return self
        }
    }

    /// `: detail` with the captured stderr lines joined on one line, or nothing when it is empty.
    private static func suffix(_ detail: String) -> String {
        let lines = detail.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard !lines.isEmpty else { return "" }
        let joined = lines.joined(separator: "; ")
        return ": " + (joined.count > 300 ? "… " + String(joined.suffix(300)) : joined)
    }

    /// `seconds` as a person writes it: `30`, not `30.0`; `0.5` as it is.
    private static func plain(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// The usual name of a signal, such as SIGSEGV, or `signal N`.
    package static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGTERM: "SIGTERM", SIGINT: "SIGINT",
            SIGPIPE: "SIGPIPE", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}
