import Foundation
import LightboxSystem

/// Reads the whole of a file a user names (a manifest, a dataset file, a layout), or says why
/// it cannot, in the system's words (`No such file or directory`, `Permission denied`, `Is a directory`).
package enum FileContents {
    /// The bytes of `path`; `what` names the file in the error, such as `manifest`.
    package static func read(_ path: String, what: String) throws(BatchProblem) -> Data {
        if let data = FileManager.default.contents(atPath: path) { return data }
        throw BatchProblem.unreadable(path, "cannot read the \(what): \(reason(path))")
    }

    /// Why `path` cannot be read: the error of opening it, or of reading its first byte.
    package static func reason(_ path: String) -> String {
        let descriptor = SystemCall.open(path, O_RDONLY)
        guard descriptor >= 0 else { return SystemCall.reason() }
        defer { close(descriptor) }
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { SystemCall.read(descriptor, into: $0) }
        if count < 0 { return SystemCall.reason() }
        return "it could not be read whole"
    }
}
