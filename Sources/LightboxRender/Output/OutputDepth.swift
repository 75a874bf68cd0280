import Foundation

/// The one depth limit of every output path, whichever door it came in by (`-o`, a template's
/// expansion, `--out-dir`, a manifest line, a batch job): at most 64 folders above the file.
///
/// A path is refused before anything of its job is done, so no folder of it is made. Folders are
/// made one at a time and each one's descriptor is let go once the next is open, so the limit is
/// not what keeps descriptors bounded: it keeps a name from a client (a 400 KB line of `a/a/a/...`)
/// from making thousands of folders, and its message short.
package enum OutputDepth {
    /// The most folders an output path may name above its file (`a/b/x.jpg` names 2).
    package static let maximum = 64
    /// Paths longer than this many characters are cut in messages (`shown`).
    package static let shownLength = 200

    /// How many folders `path` names, as written: every part but `.` and, unless `isFolder`,
    /// the file's own name (a `..` is a step too; `/` and empty parts are not counted).
    package static func folders(in path: String, isFolder: Bool = false) -> Int {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return parts.dropLast(isFolder ? 0 : 1).filter { $0 != "." }.count
    }

    /// Why `path` (an output, or with `isFolder` a folder outputs go in, `--out-dir`) is too deep
    /// (`more than 64 folders deep`), or nil.
    package static func problem(_ path: String, isFolder: Bool = false) -> String? {
        folders(in: path, isFolder: isFolder) > maximum ? "more than \(maximum) folders deep" : nil
    }

    /// `path` as a message shows it: as it is, or when longer than `shownLength` characters, its
    /// first 60 and `...`, so one line names it.
    package static func shown(_ path: String) -> String {
        path.count > shownLength ? String(path.prefix(60)) + "..." : path
    }
}
