import Foundation
import LightboxSystem

/// The folders a run made for its outputs, each held by the outputs that need it, so the folders
/// made for outputs that then failed are removed again, deepest first and only when empty, while
/// a folder another output of the run still needs is kept. Folders that were there before the
/// run (or that `--out-dir` names) are never held, so never removed.
///
/// Folders are made, claimed and let go under one lock, so a folder is never removed between
/// another output's making, which found it there, and that output's claim.
package final class MadeFolders: @unchecked Sendable {
    /// The made folders one output holds.
    package struct Claim: Sendable {
        /// The folders, by real path.
        let folders: [MadeFolder]
    }

    /// Guards `held`.
    private let lock = NSLock()
    /// Each made folder not yet let go, by real path, with how many outputs hold it.
    private var held: [String: (folder: MadeFolder, count: Int)] = [:]

    /// Makes an empty record.
    package init() {}

    /// Runs `make`, which makes one output's folders (telling `record` of each it makes) and
    /// returns the real path of the output's folder, and adds to `claims` what the output holds:
    /// the folders it made (even when `make` then throws) and the ones made before that its
    /// folder is in.
    package func claim<Failure: Error>(
        into claims: inout [Claim], _ make: (_ record: @escaping (MadeFolder) -> Void) throws(Failure) -> String?
    ) throws(Failure) {
        lock.lock()
        defer { lock.unlock() }
        var made: [MadeFolder] = []
        var folder: String?
        defer {
            let needed = folder.map(heldFolders(holding:)) ?? []
            let claim = Set(made + needed)
            for each in claim { held[each.path, default: (each, 0)].count += 1 }
            if !claim.isEmpty { claims.append(Claim(folders: Array(claim))) }
        }
        folder = try make { made.append($0) }
    }

    /// The held folders that are `folder` (a real path) or hold it: its own path and each of its
    /// parents' looked up, not every held folder compared (a dataset's run holds one per class).
    private func heldFolders(holding folder: String) -> [MadeFolder] {
        var found: [MadeFolder] = []
        var path = Substring(folder)
        while !path.isEmpty {
            if let entry = held[String(path)] { found.append(entry.folder) }
            guard let slash = path.lastIndex(of: "/") else { break }
            path = path[..<slash]
        }
        return found
    }

    /// Lets `claims` go; a folder no output holds any more is removed when empty (through `roots`
    /// when the run has them), deepest first, and forgotten either way.
    package func release(_ claims: [Claim], roots: PathRoots?) {
        guard !claims.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        var free: [MadeFolder] = []
        for folder in claims.flatMap(\.folders) {
            guard var entry = held[folder.path] else { continue }
            entry.count -= 1
            held[folder.path] = entry.count > 0 ? entry : nil
            if entry.count == 0 { free.append(entry.folder) }
        }
        for folder in free.sorted(by: { $0.depth > $1.depth }) { folder.remove(through: roots) }
    }
}
