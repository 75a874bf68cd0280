import Foundation
import Vips

/// Rules about output paths: never the input, never a silent replace, temp names beside the output.
public enum OutputPath {
    /// Throws when `path` is one of the inputs, its folder is missing, or it exists without `force`.
    public static func check(_ path: String, inputs: [String], force: Bool) throws(RenderError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw RenderError(path, "output folder \(folder) does not exist")
        }
        if access(folder, W_OK) != 0 {
            throw RenderError(path, "output folder \(folder) is not writable (\(String(cString: strerror(errno))))")
        }
        if inputs.contains(where: { sameFile(path, $0) }) { throw RenderError(path, "refusing to overwrite an input") }
        var info = stat()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw RenderError(path, "output is a folder") }
            if !force { throw RenderError(path, "output exists (use --force to replace it)") }
        }
    }

    /// Whether `path` holds an image that decodes to its last pixel with no truncation (a finished output).
    public static func isWholeImage(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        return (try? VImage.load(path, access: "sequential", failOn: "truncated").average()) != nil
    }

    /// Whether two paths name the same file (same device and inode), following links.
    public static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// A hidden temp name in the output's folder that keeps the extension (savers read it).
    static func temporary(for url: URL) -> String {
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let name = ".\(url.deletingPathExtension().lastPathComponent).lightbox-\(getpid())-\(token).\(url.pathExtension)"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }
}
