import Foundation
import LightboxSystem

/// An ICC profile file named by `[profile=FILE]` on the command line, read by Lightbox and checked
/// to be a profile before its bytes are embedded: libvips would embed any file's bytes.
package enum ICCProfileFile {
    /// The largest profile read: profiles with big lookup tables run to a few megabytes.
    package static let maximumBytes = 16 << 20

    /// The device classes a picture may be labelled with: input, display, output and colour
    /// space profiles (a device link, an abstract or a named-colour profile describes no pixels).
    static let classes = ["scnr", "mntr", "prtr", "spac"]

    /// The profile's bytes, up to the length its header declares; throws naming the file when it is
    /// not a regular file, cannot be read, or is not an ICC profile.
    package static func read(_ path: String) throws(SaverOptionError) -> [UInt8] {
        // O_NONBLOCK: a FIFO's open returns at once rather than wait for a writer.
        let descriptor = SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(path, "cannot be read: \(SystemCall.reason())") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw problem(path, "cannot be read: \(SystemCall.reason())") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw problem(path, "is not a regular file") }
        guard Int(info.st_size) <= maximumBytes else {
            throw problem(path, "is not an ICC profile (\(info.st_size) bytes, more than \(maximumBytes))")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { SystemCall.fill($0, from: descriptor, at: 0) }
        guard count == bytes.count else { throw problem(path, "cannot be read whole") }
        if let reason = reason(bytes) { throw problem(path, "is not an ICC profile (\(reason))") }
        return Array(bytes.prefix(declaredSize(bytes)))
    }

    /// Why `bytes` are not an ICC profile a picture can carry, or nil: a 128-byte header with the
    /// `acsp` signature, a declared size within the bytes, a tag table, and a picture's device class.
    package static func reason(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 132 else { return "\(bytes.count) bytes, shorter than a profile's header" }
        guard Array(bytes[36..<40]) == Array("acsp".utf8) else { return "no 'acsp' signature" }
        let declared = declaredSize(bytes)
        guard declared >= 132, declared <= bytes.count else {
            return "its header declares \(declared) bytes, the file has \(bytes.count)"
        }
        let tags = bytes[128..<132].reduce(0) { $0 << 8 | Int($1) }
        guard tags > 0, 132 + tags * 12 <= declared else { return "its tag table does not fit" }
        let deviceClass = String(decoding: bytes[12..<16], as: UTF8.self)
        guard classes.contains(deviceClass) else { return "device class '\(deviceClass)' describes no picture" }
        return nil
    }

    /// The size the profile's header declares.
    private static func declaredSize(_ bytes: [UInt8]) -> Int {
        bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }

    /// The error for `path`.
    private static func problem(_ path: String, _ reason: String) -> SaverOptionError {
        SaverOptionError("save option profile=\(path): the file \(reason)")
    }
}
