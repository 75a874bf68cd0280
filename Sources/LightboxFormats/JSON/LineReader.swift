import Foundation
import LightboxSystem

/// Reads lines from a descriptor as they arrive (a pipe gives each job as soon as it is written),
/// in bounded memory: a line longer than `limit` bytes is read past without being kept, only its
/// first `limit` bytes, so no line of any length can make the reader hold more.
package struct LineReader {
    /// What the next line is.
    package enum Next {
        /// A non-blank line of at most `limit` bytes.
        case line(JSONLines.Line)
        /// A line over `limit`: its number, its first `limit` bytes and its whole length.
        case tooLong(number: Int, head: [UInt8], length: Int)
    }

    /// Where the lines come from.
    private let descriptor: Int32
    /// The most bytes a line may have.
    package let limit: Int
    /// Bytes read and not yet taken: `chunk[start..<end]`.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    /// Lines read so far, blank ones included.
    private var number = 0
    /// Whether the input has ended (or could not be read further).
    private var finished = false

    /// Reads from `descriptor` (not closed here), lines of at most `limit` bytes.
    package init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = max(1, limit)
    }

    /// The next non-blank line (or the report of one too long), or nil at the end of the input.
    package mutating func next() -> Next? {
        var kept: [UInt8] = []
        var length = 0
        while true {
            if start == end {
                if finished {
                    guard length > 0, let next = ended(kept, length: length) else { return nil }
                    return next
                }
                fill()
                continue
            }
            let newline = chunk[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let stop = newline ?? end
            if kept.count < limit { kept += chunk[start..<min(stop, start + limit - kept.count)] }
            length += stop - start
            start = newline.map { $0 + 1 } ?? end
            guard newline != nil else { continue }
            if let next = ended(kept, length: length) { return next }
            (kept, length) = ([], 0)
        }
    }

    /// The line that just ended, counted; nil for a blank one.
    private mutating func ended(_ kept: [UInt8], length: Int) -> Next? {
        number += 1
        guard length <= limit else { return .tooLong(number: number, head: kept, length: length) }
        let line = JSONLines.Line(number: number, bytes: kept)
        return line.bytes.isEmpty ? nil : .line(line)
    }

    /// Reads what the descriptor has now (waiting for at least a byte), or notes its end.
    private mutating func fill() {
        let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) }
        (start, end) = (0, max(count, 0))
        finished = count <= 0
    }
}
