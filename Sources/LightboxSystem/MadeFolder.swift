import Foundation

/// A folder this process made for an output, known by its real path and its identity (device
/// and inode), so it is removed again only while it is still that folder, and only when empty.
package struct MadeFolder: Sendable, Hashable {
    /// The folder's real path, absolute.
    package let path: String
    /// The device it is on.
    package let device: UInt64
    /// Its inode.
    package let inode: UInt64

    /// Makes a record of a folder.
    package init(path: String, device: UInt64, inode: UInt64) {
        self.path = path
        self.device = device
        self.inode = inode
    }

    /// The folder at `path` (just made), by `lstat`; nil when it cannot be looked at.
    package init?(madeAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.init(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// How many parts its path has: a folder below another has more.
    package var depth: Int {
        path.split(separator: "/").count
    }

    /// Removes the folder when it is still this one and empty (another file in it keeps it);
    /// through the write roots when given, its parent opened one folder at a time as every output
    /// is. Returns whether it was removed.
    @discardableResult
    package func remove(through roots: PathRoots?) -> Bool {
        let name = (path as NSString).lastPathComponent
        var parent = AT_FDCWD
        var target = path
        if let roots {
            guard let opened = try? roots.openFolder(of: path) else { return false }
            (parent, target) = (opened, name)
        }
        defer { if parent != AT_FDCWD { close(parent) } }
        var info = stat()
        guard fstatat(parent, target, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
            UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode
        else { return false }
        return unlinkat(parent, target, AT_REMOVEDIR) == 0
    }
}
