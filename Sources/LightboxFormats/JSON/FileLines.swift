import Foundation
import LightboxSystem

/// A JSON Lines file read a block of whole lines at a time, each line numbered as
/// `JSONLines.lines` numbers a whole file's (from 1, blank lines counted and skipped), so a long
/// journal is read in the memory of one block, never the whole file's.
package enum FileLines {
    /// The bytes read at a time.
    static let block = 1 << 20

    /// Calls `body` with each non-blank line of the file at `path`; false when it cannot be
    /// opened (a read that fails later ends the lines there).
    @discardableResult
    package static func forEach(_ path: String, _ body: (JSONLines.Line) -> Void) -> Bool {
        let descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var pending: [UInt8] = []
        var firstLine = 1
        var chunk = [UInt8](repeating: 0, count: block)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) }
            if count > 0 { pending += chunk[..<count] }
            let end = count > 0 ? (pending.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) : pending.count
            if end > 0 {
                let lines = pending[..<end]
                for line in JSONLines.lines(Data(lines)) {
                    body(JSONLines.Line(number: line.number + firstLine - 1, bytes: line.bytes))
                }
                firstLine += lines.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                pending.removeFirst(end)
            }
            if count <= 0 { return true }
        }
    }
}
