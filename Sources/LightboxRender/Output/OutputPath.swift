import Foundation
import LightboxSystem
import Vips

/// Rules about output paths: never the input, never a silent replace, temp names beside the output.
package enum OutputPath {
    /// The output name that means standard output.
    package static let standardOutput = "-"

    /// Throws when `path` is one of the inputs, its folder cannot be made, or it exists without
    /// `force`: a job `skipping` whole outputs may find a regular file there (its worker reads it),
    /// never anything else (a FIFO, a link, a device), which is only looked at (`lstat`).
    ///
    /// A missing folder is made (with its parents) when `makeFolder`, `record` told of each folder
    /// made; otherwise, for a dry run, only whether it could be made is checked.
    package static func check(
        _ path: String, inputs: [String], force: Bool, makeFolder: Bool = true, skipping: Bool = false,
        record: ((MadeFolder) -> Void)? = nil
    ) throws(RenderError) {
        let folder = OutputPath.folder(of: path)
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            try prepare(folder, for: path, make: makeFolder, record: record)
        } else if !isFolder.boolValue {
            throw RenderError(path, "cannot make the output folder \(folder): a file is in the way")
        }
        if access(isFolder.boolValue ? folder : existingAncestor(of: folder), W_OK) != 0 {
            throw RenderError(path, "output folder \(folder) is not writable (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        // Nothing at the path is no input: the inputs are stat'ed only for an output that exists.
        let exists = lstat(path, &info) == 0
        if exists && inputs.contains(where: { sameFile(path, $0) }) {
            throw RenderError(path, "refusing to overwrite an input")
        }
        if exists {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw RenderError(path, "output is a folder") }
            guard force || skipping else { throw RenderError(path, "output exists (use --force to replace it)") }
            if !force && (info.st_mode & S_IFMT) != S_IFREG {
                throw ExistingOutput.refusal(path, ExistingOutput.notRegular)
            }
        }
    }

    /// The folder an output is written in, absolute.
    package static func folder(of path: String) -> String {
        // Named not a folder: Foundation would stat the path to know (a syscall an output).
        URL(fileURLWithPath: path, isDirectory: false).deletingLastPathComponent().path
    }

    /// Why the folder `path` (an `--out-dir`) cannot take outputs, or nil: it is made with its
    /// parents (when `make`; else only its nearest existing ancestor is looked at) and must be a
    /// writable folder.
    package static func prepareFolder(_ path: String, make: Bool) -> String? {
        var isFolder: ObjCBool = false
        if make && !FileManager.default.fileExists(atPath: path), let reason = makeFolders(path) { return reason }
        let target = make ? path : existingAncestor(of: path)
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue else {
            return "\(target) is not a folder"
        }
        return access(target, W_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Makes `folder` (or, when not `make`, checks that it could be made) for the output `path`,
    /// telling `record` of each folder made.
    private static func prepare(
        _ folder: String, for path: String, make: Bool, record: ((MadeFolder) -> Void)?
    ) throws(RenderError) {
        let ancestor = existingAncestor(of: folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder), isFolder.boolValue else {
            throw RenderError(path, "cannot make the output folder \(folder): \(ancestor) is not a folder")
        }
        guard make else { return }
        if let reason = makeFolders(folder, record: record) {
            throw RenderError(path, "cannot make the output folder \(folder) (\(reason))")
        }
    }

    /// Makes `folder` and its missing parents with `mkdir(2)`, one at a time; nil when it exists
    /// after, else the system's reason for the part that could not be made (`/proc/nope`: No
    /// such file or directory), where Foundation would give its own generic sentence. `record` is
    /// told of each folder made (by its real path), outermost first.
    static func makeFolders(_ folder: String, record: ((MadeFolder) -> Void)? = nil) -> String? {
        let absolute = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        var made = ""
        for part in absolute.split(separator: "/") {
            made += "/" + part
            guard mkdir(made, 0o777) != 0 else {
                if let record, let real = realPath(made), let folder = MadeFolder(madeAt: real) { record(folder) }
                continue
            }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(made, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
            return String(cString: strerror(code))
        }
        return nil
    }

    /// `path` with links, `.` and `..` resolved (`realpath(3)`), or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The nearest folder or file above `path` (or `path` itself) that exists.
    static func existingAncestor(of path: String) -> String {
        var current = URL(fileURLWithPath: path).standardized
        while !FileManager.default.fileExists(atPath: current.path) && current.path != "/" {
            current = current.deletingLastPathComponent()
        }
        return current.path
    }

    /// Whether two paths name the same file (same device and inode), following links.
    package static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// A hidden temp name in the output's folder that keeps the extension (savers read it).
    static func temporary(for url: URL) -> String {
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let name =
            ".\(url.deletingPathExtension().lastPathComponent).lightbox-\(getpid())-\(token).\(url.pathExtension)"
        return url.deletingLastPathComponent().appendingPathComponent(name, isDirectory: false).path
    }
}
