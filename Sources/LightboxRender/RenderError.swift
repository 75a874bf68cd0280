import LightboxSystem
import LightboxWorkers
import Vips

/// A failure tied to one file: the path, a one-line reason (the error that failed it) and the
/// warnings its decoder gave before. Across the worker pipe it keeps the words the worker gave it
/// (decoding sets them as they are, without `init`'s rewording).
package struct RenderError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The file at fault (an input or an output).
    package let path: String
    /// What went wrong, on one line: the error alone.
    package let reason: String
    /// The decoder's warnings about the file that came with the error, said word for word only
    /// in the item's record (`warnings`); the reason only counts them (`description`).
    package var warnings = DecoderWarnings()

    /// Makes an error about `path`. In a process under a memory limit (`--max-memory`), a reason
    /// that says an allocation failed, in whatever words the decoder chose, becomes
    /// `over the memory limit of N MB`, with no warnings: the item needed more than the limit
    /// allows. The path is not said twice where libvips' message starts with it
    /// (`RenderError.unrepeated`), and libvips' words are said plainly (`PlainReason`).
    package init(_ path: String, _ reason: String, warnings: DecoderWarnings = DecoderWarnings()) {
        self.path = path
        self.warnings = warnings
        if let megabytes = MemoryLimit.megabytes, MemoryLimit.isAllocationFailure(reason) {
            // The decoder's other lines are its reaction to the refused allocation, not the file's.
            self.reason = MemoryLimit.reason(megabytes: megabytes)
            self.warnings = DecoderWarnings()
        } else {
            self.reason = PlainReason.of(RenderError.unrepeated(path, in: reason))
        }
    }

    /// The error of a path the roots refused, or could not open, as an error about that file.
    package init(_ error: PathError) {
        self.init(error.path, error.reason)
    }

    /// Runs work on the roots, its `PathError` turned into an error about the same file.
    package static func rooted<T>(_ work: () throws(PathError) -> T) throws(RenderError) -> T {
        do {
            return try work()
        } catch {
            throw RenderError(error)
        }
    }

    /// `reason` without `path: ` where a message in it starts with the path, as libvips' messages
    /// about reading a file do (`x.heic: bad seek to 18812`), so `path: reason` names it once:
    /// at the start of each of the messages joined by `; `, or after the name of the operation
    /// that failed (`VipsForeignLoadHeifFile: x.heic: ...`).
    static func unrepeated(_ path: String, in reason: String) -> String {
        let repeated = path + ": "
        guard !path.isEmpty, reason.contains(repeated) else { return reason }
        return reason.components(separatedBy: "; ").map { message in
            if message.hasPrefix(repeated) { return String(message.dropFirst(repeated.count)) }
            guard let range = message.range(of: ": " + repeated), !message[..<range.lowerBound].contains(": ") else {
                return message
            }
            return message.replacingCharacters(in: range, with: ": ")
        }.joined(separator: "; ")
    }

    /// Whether the item failed for needing more memory than the process's limit.
    package var isOverMemoryLimit: Bool {
        RenderError.isOverMemoryLimit(reason)
    }

    /// Whether `reason` is the one an item gets for needing more memory than the process's limit.
    package static func isOverMemoryLimit(_ reason: String) -> Bool {
        MemoryLimit.megabytes.map { reason == MemoryLimit.reason(megabytes: $0) } ?? false
    }

    /// `path: reason`, then how many warnings came with it: `x.tif: bad seek to 18812 (and 72 more warnings)`.
    package var description: String { "\(path): \(reason)\(warnings.suffix)" }

    /// Runs libvips work, turning its error into one about `path`, its reason after `prefix`.
    static func catching<T>(
        _ path: String, prefix: String = "", _ work: () throws(VipsError) -> T
    ) throws(RenderError) -> T {
        do {
            return try work()
        } catch {
            throw RenderError(path, prefix + error.message, warnings: error.warnings)
        }
    }
}
