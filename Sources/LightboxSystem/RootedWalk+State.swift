import Foundation

extension RootedWalk {
    /// The most folder descriptors a walk holds at once: its root's and the deepest few below it.
    /// A path of any depth costs this many, however many folders it names or makes.
    static let heldLimit = 4

    /// Where a walk is.
    struct State {
        /// The components of the real path so far.
        var real: [String] = []
        /// The folders held open inside a root: the root first, then the deepest folders of `real`
        /// below it, at most `heldLimit` in all (the last is where the walk is).
        var held: [Int32] = []
        /// How many folders between the root and `held[1]` were let go: opened again from the root
        /// when a `..` climbs back to them (`RootedWalk.reopen`).
        var dropped = 0
        /// How many components of `real` lead to the root held; nil outside every root.
        var rootDepth: Int?
        /// How many components at the end of `real` do not exist (taken as written).
        var missing = 0
        /// How many components at the end of `real`, outside every root, do not exist: no root
        /// can be reached through them, and `..` after one fails as the kernel fails it.
        var missingOutside = 0
        /// Symbolic links followed so far.
        var links = 0
        /// Whether any link was followed.
        var throughLink = false
        /// The file opened at the end (`openFile`).
        var leaf: Int32?

        /// Takes `folder`, one below the last held, as where the walk is; the shallowest below the
        /// root is closed when more than `heldLimit` would be held.
        mutating func hold(_ folder: Int32) {
            held.append(folder)
            guard held.count > RootedWalk.heldLimit else { return }
            close(held.remove(at: 1))
            dropped += 1
        }

        /// Leaves the root: its descriptors are closed.
        mutating func leaveRoot() {
            held.forEach { close($0) }
            held = []
            dropped = 0
            rootDepth = nil
        }
    }
}
