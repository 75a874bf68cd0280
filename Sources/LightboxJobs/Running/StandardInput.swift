import Foundation
import LightboxArguments
import LightboxSystem

/// `-` as an input: the image on standard input, copied once to a private temp file that libvips can read.
///
/// The file is called `stdin` (so `{stem}` is `stdin`) in a folder of its own, removed at exit.
package enum StandardInput {
    /// The temp copy, made on first use.
    nonisolated(unsafe) private static var copy: String?
    /// Guards `copy`.
    private static let lock = NSLock()

    /// `inputs` with `-` replaced by the temp copy of standard input; `-` given twice is a usage error.
    package static func resolve(_ inputs: [String], path: [String]) throws(UsageError) -> [String] {
        let count = inputs.filter { $0 == "-" }.count
        guard count > 0 else { return inputs }
        guard count == 1 else { throw UsageError("'-' (standard input) can be given once", commandPath: path) }
        let file: String
        do {
            file = try materialized()
        } catch {
            throw UsageError("cannot read standard input: \(error.localizedDescription)", commandPath: path)
        }
        return inputs.map { $0 == "-" ? file : $0 }
    }

    /// The path of the temp copy, reading standard input to its end the first time.
    private static func materialized() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let copy { return copy }
        let folder = NSTemporaryDirectory() + "lightbox-stdin-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/stdin"
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard !data.isEmpty else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "it is empty"])
        }
        try data.write(to: URL(fileURLWithPath: file))
        owner = getpid()
        atexit { StandardInput.removeCopy() }
        copy = file
        return file
    }

    /// `message` with the temp copy's path written `-`, as the user gave the input.
    package static func shown(_ message: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let copy, message.contains(copy) else { return message }
        return message.replacingOccurrences(of: copy, with: "-")
    }

    /// The process that made the copy, the only one that removes it.
    nonisolated(unsafe) private static var owner: pid_t = 0

    /// Removes the temp copy and its folder, in the process that made them.
    private static func removeCopy() {
        guard let copy, getpid() == owner else { return }
        try? FileManager.default.removeItem(atPath: PathText.folder(of: copy))
    }
}
