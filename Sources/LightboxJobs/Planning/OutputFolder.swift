import Foundation

/// The `--out-dir` of a batch: every output a manifest or dataset names must land inside it.
///
/// Names come from untrusted files, so a name is joined to the folder and resolved lexically
/// (`.` and `..` removed, an absolute name taken as it is); a result outside the folder is
/// refused rather than written.
package struct OutputFolder: Sendable, Equatable {
    /// The folder as the user gave it.
    package let path: String

    /// Makes the folder for `path`.
    package init(_ path: String) {
        self.path = path
    }

    /// `name` under the folder, or why it cannot be: it leaves the folder or names the folder itself.
    package func place(_ name: String) -> Result<String, OutputFolder.Escape> {
        let joined = name.hasPrefix("/") ? name : (path as NSString).appendingPathComponent(name)
        guard let inside = parts(inside: joined) else { return .failure(Escape(name: name, folder: path)) }
        return .success((path as NSString).appendingPathComponent(inside.joined(separator: "/")))
    }

    /// Whether `candidate` (a path as written) resolves inside the folder.
    package func contains(_ candidate: String) -> Bool {
        parts(inside: candidate) != nil
    }

    /// The parts of `candidate` below the folder, once both are resolved; nil when it is not below it.
    private func parts(inside candidate: String) -> ArraySlice<String>? {
        let base = OutputFolder.components(of: path)
        let target = OutputFolder.components(of: candidate)
        guard target.count > base.count, Array(target.prefix(base.count)) == base else { return nil }
        return target.dropFirst(base.count)
    }

    /// The absolute, lexically resolved parts of `path` (relative paths start at the working folder).
    package static func components(of path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [String] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts
    }

    /// A name that would be written outside the folder.
    package struct Escape: Error, Equatable, CustomStringConvertible {
        /// The name as the file gave it.
        package let name: String
        /// The folder it had to stay in.
        package let folder: String
        /// What names the folder, for the message: `--out-dir`, or the folder `-o` names.
        package var rule = "--out-dir"

        /// `output "../../x.jpg" leaves --out-dir out`.
        package var description: String {
            rule == "--out-dir"
                ? "output \"\(name)\" leaves --out-dir \(folder)"
                : "output \"\(name)\" leaves \(folder), the folder \(rule) names"
        }
    }
}
