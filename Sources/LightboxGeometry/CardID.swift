import Foundation

/// The ids of a board's cards, which offsets, stacking and the drag refer to: each card has
/// its own, so one photo can be on a board twice, as the app's board can show it.
package enum CardID {
    /// The ids of cards showing `paths`, in order: a given id (non-nil in `given`) as it is,
    /// else the path for the path's first card and `path#N` for its Nth (`a.jpg`, `a.jpg#2`).
    package static func resolved(paths: [String], given: [String?]) -> [String] {
        var seen: [String: Int] = [:]
        return paths.enumerated().map { index, path in
            seen[path, default: 0] += 1
            if index < given.count, let id = given[index] { return id }
            let count = seen[path] ?? 1
            return count == 1 ? path : "\(path)#\(count)"
        }
    }

    /// The first id that appears twice, with the indices of both cards, or nil.
    package static func firstDuplicate(in ids: [String]) -> (id: String, first: Int, second: Int)? {
        var seen: [String: Int] = [:]
        for (index, id) in ids.enumerated() {
            if let first = seen[id] { return (id, first, index) }
            seen[id] = index
        }
        return nil
    }
}
