import Foundation
import LightboxSystem

/// Reads a manifest a chunk of whole lines at a time, so a run holds a chunk, never the file: the
/// first chunk small (the first crop waits for 64 KB of lines, not the whole file), the next ones
/// of 1 MB, each cut where a record ends (`RecordBoundary`) and parsed by `ManifestReader` with
/// the numbers its lines have in the file.
package final class ManifestStream {
    /// The bytes read before the first chunk is cut, and for each later one.
    package typealias Reads = (first: Int, later: Int)
    /// 64 KB, then 1 MB.
    package static let reads: Reads = (64 << 10, 1 << 20)
    /// The longest record looked for: a CSV quote left open runs to the end of the file, which
    /// this bounds (the record is then parsed as it is, and its quote reported not closed).
    static let longestRecord = 64 << 20

    /// The manifest's path, as messages name it.
    package let path: String
    /// The file's size when it is a regular file (for a progress total), else nil.
    package let size: Int?
    /// The bytes parsed so far.
    package private(set) var consumed = 0
    private let descriptor: Int32
    private let reads: Reads
    private var buffer: [UInt8] = []
    private var boundary: RecordBoundary?
    private var form: ManifestForm?
    private var line = 1
    private var atEnd = false
    /// Whether the last chunk has been given.
    package private(set) var finished = false

    /// Opens the manifest at `path`, to be read `reads` bytes at a time; a file that cannot be
    /// opened throws, in the system's words.
    package init(path: String, reads: Reads = ManifestStream.reads) throws(BatchProblem) {
        self.path = path
        self.reads = reads
        descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BatchProblem.unreadable(path, "cannot read the manifest: \(SystemCall.reason())")
        }
        var info = stat()
        size = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }

    deinit { close(descriptor) }

    /// The next chunk's lines, or nil after the last; a read that fails, a CSV header that is
    /// wrong, a quote not closed or a manifest with no header throws.
    package func next() throws(BatchProblem) -> [ManifestReader.Line]? {
        while !finished {
            try fill(consumed == 0 ? reads.first : reads.later)
            // At the end, everything left, unless a quote is still open: then the whole records
            // first, so the broken last one fails alone.
            let whole = recordsEnd()
            let broken = boundary?.isQuoted ?? false
            let end = atEnd && (!broken || whole == 0) ? buffer.count : whole
            guard end > 0 || atEnd else { continue }
            let chunk = Data(buffer[..<end])
            buffer.removeFirst(end)
            if boundary?.lastEnd == end { boundary?.drop(end) }
            let lines = try ManifestReader.parse(chunk: chunk, path: path, firstLine: line, form: &form)
            line += Self.lineBreaks(in: chunk, jsonLines: form == .jsonLines)
            consumed += end
            if atEnd && buffer.isEmpty {
                finished = true
                if form == nil { throw BatchProblem(path, "the manifest is empty") }
            }
            if !lines.isEmpty || finished { return lines.isEmpty ? nil : lines }
        }
        return nil
    }

    /// Where the whole records read so far end (0 when none has), or the whole buffer when it
    /// holds `longestRecord` bytes and no end; the scan starts once the form is known from the
    /// file's start (never while it is all white space).
    private func recordsEnd() -> Int {
        if boundary == nil {
            let start = String(decoding: buffer.prefix(4096), as: UTF8.self)
            boundary = ManifestReader.isJSONLines(path: path, text: start).map { RecordBoundary(jsonLines: $0) }
        }
        boundary?.scan(buffer)
        if let end = boundary?.lastEnd, end > 0 { return end }
        guard buffer.count >= Self.longestRecord else { return 0 }
        boundary = boundary.map { RecordBoundary(jsonLines: $0.jsonLines) }
        return buffer.count
    }

    /// Reads up to `count` more bytes, to the end of the file if it comes first.
    private func fill(_ count: Int) throws(BatchProblem) {
        guard !atEnd else { return }
        let start = buffer.count
        buffer += [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = buffer.withUnsafeMutableBytes { bytes in
                SystemCall.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[(start + got)...]))
            }
            if read < 0 {
                throw BatchProblem.unreadable(path, "cannot read the manifest: \(SystemCall.reason())")
            }
            if read == 0 {
                atEnd = true
                break
            }
            got += read
        }
        buffer.removeLast(count - got)
    }

    /// The line breaks in `chunk` as its parser counts them: line feeds for JSON Lines; for CSV
    /// also each carriage return not followed by a line feed.
    static func lineBreaks(in chunk: Data, jsonLines: Bool) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in chunk {
            if byte == UInt8(ascii: "\n") || (!jsonLines && previous == UInt8(ascii: "\r")) { count += 1 }
            previous = byte
        }
        if !jsonLines && previous == UInt8(ascii: "\r") { count += 1 }
        return count
    }
}
