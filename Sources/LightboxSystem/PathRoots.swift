import Foundation

/// The folders a run may read from and write to (`--root`, `--read-root`, `--write-root`), for a
/// process that takes file names from others (`lightbox batch` behind a web service).
///
/// A path is inside when it resolves inside one of the roots once `..`, symbolic links and the
/// working folder are accounted for, as the kernel would resolve it: a link inside a root that
/// leads out of it is outside. The supervisor checks every input and output of a job with
/// `problem` before the job runs, and makes output folders with `makeFolder`; the process that
/// reads or writes then opens through the roots again (`openFile`, `openFolder`), one folder at a
/// time without following links, so a path changed in between cannot lead out.
package struct PathRoots: Codable, Sendable, Equatable {
    /// Reading an input or writing an output.
    package enum Access: String, Codable, Sendable {
        /// An input.
        case read
        /// An output.
        case write
    }

    /// One root: its real path and the option that named it.
    package struct Root: Codable, Sendable, Equatable {
        /// The folder, absolute and with links resolved.
        package let path: String
        /// `--root`, `--read-root` or `--write-root`.
        package let option: String

        /// The root `given` names for `option`, resolved; a name that is not a folder throws its reason.
        package init(_ given: String, option: String) throws(PathError) {
            guard let resolved = realpath(given, nil) else {
                throw PathError(given, "cannot read it (\(String(cString: strerror(errno))))")
            }
            defer { free(resolved) }
            var info = stat()
            guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw PathError(given, "not a folder")
            }
            path = String(cString: resolved)
            self.option = option
        }
    }

    /// The roots inputs may be read from.
    package let read: [Root]
    /// The roots outputs may be written to.
    package let write: [Root]

    /// Makes roots; each list needs at least one root.
    package init(read: [Root], write: [Root]) {
        self.read = read
        self.write = write
    }

    /// The roots for `access`.
    package func roots(for access: Access) -> [Root] {
        access == .read ? read : write
    }

    /// The rule a path broke: `resolves outside the read roots (--root /srv/photos)`.
    package func rule(for access: Access, throughLink: Bool = false) -> String {
        let named = roots(for: access).map { "\($0.option) \($0.path)" }.joined(separator: ", ")
        return "resolves outside the \(access.rawValue) roots (\(named))"
            + (throughLink ? " through a symbolic link" : "")
    }

    /// Why `path` may not be used for `access`, or nil when it resolves inside a root. Nothing is
    /// opened but folders inside a root (to look through them), and nothing is made.
    package func problem(_ path: String, for access: Access) -> PathError? {
        do {
            let end = try walk(path, access, .check)
            return end.inside ? nil : PathError(path, rule(for: access, throughLink: end.throughLink))
        } catch {
            return error
        }
    }

    /// Makes the folder `folder` (with its parents) inside a write root, each part made in the
    /// one before it without following links, for the output `path`; throws when it leads out.
    /// `record` is told of each folder made, outermost first (even when a later part fails).
    /// Returns the folder's real path.
    @discardableResult
    package func makeFolder(
        _ folder: String, for path: String, record: ((MadeFolder) -> Void)? = nil
    ) throws(PathError) -> String {
        if let problem = problem(folder, for: .write) { throw PathError(path, problem.reason) }
        let end = try walk(folder, .write, .makeFolder, naming: path, record: record)
        if let descriptor = end.descriptor { close(descriptor) }
        guard end.inside else { throw PathError(path, rule(for: .write, throughLink: end.throughLink)) }
        return end.path
    }

    /// The input `path`, opened for reading through the read roots; the caller owns the descriptor.
    package func openFile(_ path: String) throws(PathError) -> Int32 {
        try opened(path, .read, .openFile)
    }

    /// The existing output `path`, opened for reading through the write roots (`--resume` reads an
    /// output back to see whether it is whole); the caller owns the descriptor.
    package func openOutput(_ path: String) throws(PathError) -> Int32 {
        try opened(path, .write, .openFile)
    }

    /// The folder that holds the output `path`, opened through the write roots (it must exist);
    /// the caller owns the descriptor.
    package func openFolder(of path: String) throws(PathError) -> Int32 {
        let folder = PathText.folder(of: path)
        return try opened(folder.isEmpty ? "." : folder, .write, .openFolder, naming: path)
    }

    /// The descriptor a walk of `path` kept, or why there is none (`naming` is the path messages name).
    private func opened(
        _ path: String, _ access: Access, _ mode: RootedWalk.Mode, naming: String? = nil
    ) throws(PathError) -> Int32 {
        let end = try walk(path, access, mode, naming: naming)
        guard end.inside, let descriptor = end.descriptor else {
            if let descriptor = end.descriptor { close(descriptor) }
            throw PathError(naming ?? path, rule(for: access, throughLink: end.throughLink))
        }
        return descriptor
    }

    /// Walks `path` through the roots for `access`; a failure names `naming` (default: `path`).
    private func walk(
        _ path: String, _ access: Access, _ mode: RootedWalk.Mode, naming: String? = nil,
        record: ((MadeFolder) -> Void)? = nil
    ) throws(PathError) -> RootedWalk.End {
        // C would read such a name only up to the NUL: it would not be the name checked.
        guard !path.utf8.contains(0) else { throw PathError(naming ?? path, "a path may not hold a NUL byte") }
        let walk = RootedWalk(
            roots: roots(for: access).map { RootedWalk.components($0.path) }, mode: mode, record: record)
        do {
            return try walk.walk(path)
        } catch {
            throw PathError(naming ?? path, error.reason)
        }
    }
}
