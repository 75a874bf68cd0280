import Foundation

/// Reads a whole file a user gave (a manifest, a jobs file, a layout), saying why when it cannot.
package enum ManifestFile {
    /// The bytes of the file at `path`; a file that cannot be read throws, with the system's reason.
    package static func read(_ path: String, what: String = "manifest") throws(BatchProblem) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path, what: what, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            var info = stat()
            let code = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? EISDIR : EIO
            throw .unreadable(path, what: what, errno: code)
        }
    }
}
