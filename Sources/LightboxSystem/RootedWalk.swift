import Foundation

/// Resolves a path the way the kernel does (`.`, `..`, symbolic links, relative to the working
/// folder), but inside a root only through descriptors: each folder is opened relative to the
/// one before it with `O_NOFOLLOW`, and a symbolic link is read (`readlinkat`) and followed by
/// hand, never by the kernel. So what the walk ends on is where the path leads now, and it is
/// inside a root exactly when the walk is still holding that root's descriptor.
///
/// Outside every root nothing is opened: the folders on the way are only looked at (`lstat`,
/// `readlink`) until the path reaches a root. A name that does not exist ends the real part of
/// the path; what follows it is taken as written (no link can hide in a folder that is not there).
///
/// However deep the path, the walk holds at most `heldLimit` descriptors: the root's and the
/// deepest folders below it; a `..` back to a folder let go opens it again from the root.
struct RootedWalk {
    /// What the walk does with the path.
    enum Mode {
        /// Resolve only; open nothing that is kept.
        case check
        /// Resolve a folder, making its missing parts (inside a root only).
        case makeFolder
        /// Resolve a folder that must exist, and keep its descriptor.
        case openFolder
        /// Resolve a file that must exist, and open it for reading.
        case openFile
    }

    /// Where the walk ended.
    struct End {
        /// Whether the path leads inside a root.
        var inside: Bool
        /// Whether a symbolic link was followed on the way.
        var throughLink: Bool
        /// The kept descriptor (`openFolder`, `openFile`), owned by the caller.
        var descriptor: Int32?
        /// The real path the walk ended on, absolute.
        var path = "/"
    }

    /// A reason the walk stopped, for `path: reason`.
    struct Failure: Error {
        /// The system's reason.
        let reason: String
    }

    /// `O_PATH` (Linux: 010000000), which Swift's Glibc does not export: a descriptor that only
    /// names a folder, so walking through a folder needs no permission to list it.
    static let pathOnly: Int32 = 0o10000000
    /// The most symbolic links followed for one path, as the kernel allows (`ELOOP` beyond).
    static let linkLimit = 40

    /// The roots' real paths, as components.
    let roots: [[String]]
    /// What to do.
    let mode: Mode
    /// Told of each folder `makeFolder` made, outermost first.
    var record: ((MadeFolder) -> Void)?

    /// Walks `path` (relative to the working folder unless absolute).
    func walk(_ path: String) throws(Failure) -> End {
        var state = State()
        var queue = RootedWalk.components(
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)[...]
        do {
            try enterIfRoot(&state)
            while let name = queue.popFirst() {
                try step(name, isLast: queue.isEmpty, state: &state, queue: &queue)
            }
        } catch {
            state.leaveRoot()
            if let leaf = state.leaf { close(leaf) }
            throw error
        }
        return try finish(&state)
    }

    /// The end of a walk: what is kept, what is closed, and whether the path stayed inside.
    private func finish(_ state: inout State) throws(Failure) -> End {
        let inside = state.rootDepth != nil
        var kept: Int32?
        switch mode {
        case .check: break
        case .makeFolder, .openFolder:
            if inside && state.missing > 0 {
                state.leaveRoot()
                throw RootedWalk.failure(ENOENT)
            }
            if inside { kept = state.held.popLast() }
        case .openFile:
            kept = state.leaf
            if inside && kept == nil {
                state.leaveRoot()
                throw state.missing > 0 ? RootedWalk.failure(ENOENT) : Failure(reason: "is a folder, not an image")
            }
        }
        state.leaveRoot()
        return End(
            inside: inside, throughLink: state.throughLink, descriptor: kept,
            path: "/" + state.real.joined(separator: "/"))
    }

    /// One component of the path.
    private func step(
        _ name: String, isLast: Bool, state: inout State, queue: inout ArraySlice<String>
    ) throws(Failure) {
        if name == "." { return }
        if name == ".." {
            try climb(&state)
            return
        }
        guard state.rootDepth != nil else {
            try outside(name, state: &state, queue: &queue)
            return
        }
        if state.missing > 0 { return made(name, state: &state) }
        let top = state.held[state.held.count - 1]
        if isLast && mode == .openFile {
            try openLeaf(name, in: top, state: &state, queue: &queue)
            return
        }
        let folder = openat(top, name, RootedWalk.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 {
            state.hold(folder)
            state.real.append(name)
            return
        }
        switch errno {
        case ENOENT: try missingFolder(name, in: top, state: &state)
        case ENOTDIR, ELOOP:
            guard try follow(name, in: top, state: &state, queue: &queue) else {
                if isLast && mode == .check { return state.real.append(name) }
                throw Failure(reason: "\(name) is not a folder")
            }
        default: throw RootedWalk.failure()
        }
    }

    /// `..`: up one folder; out of the root when at it. Above a folder outside the roots that does
    /// not exist it fails, as the kernel does (`ENOENT`): taken as written, `/nowhere/../root/x`
    /// would reach a root through a folder that only a plain `mkdir -p` outside the roots could make.
    private func climb(_ state: inout State) throws(Failure) {
        guard state.missingOutside == 0 else { throw RootedWalk.failure(ENOENT) }
        guard !state.real.isEmpty else { return }
        state.real.removeLast()
        if state.missing > 0 {
            state.missing -= 1
        } else if state.rootDepth != nil {
            if state.held.count > 1 { close(state.held.removeLast()) } else { state.leaveRoot() }
            if state.held.count == 1 && state.dropped > 0 { try reopen(&state) }
        }
    }

    /// Opens again, from the root, the folders below it that `real` names, when `..` climbed back
    /// past every one held; each is opened in the one before without following a link, as before.
    private func reopen(_ state: inout State) throws(Failure) {
        guard let depth = state.rootDepth else { return }
        state.dropped = 0
        for name in state.real[depth...] {
            let folder = openat(
                state.held[state.held.count - 1], name, RootedWalk.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { throw RootedWalk.failure() }
            state.hold(folder)
        }
    }

    /// A component outside every root: looked at, never opened, until the path reaches a root.
    private func outside(_ name: String, state: inout State, queue: inout ArraySlice<String>) throws(Failure) {
        let path = "/" + (state.real + [name]).joined(separator: "/")
        var info = stat()
        let found = state.missingOutside == 0 && lstat(path, &info) == 0
        if found && (info.st_mode & S_IFMT) == S_IFLNK {
            try splice(RootedWalk.readLink { readlink(path, $0, $1) }, state: &state, queue: &queue)
            return
        }
        state.real.append(name)
        if !found { state.missingOutside += 1 }
        try enterIfRoot(&state)
    }

    /// Takes the root's descriptor when the real path so far is a root.
    private func enterIfRoot(_ state: inout State) throws(Failure) {
        guard state.rootDepth == nil, state.missing == 0, state.missingOutside == 0, roots.contains(state.real) else {
            return
        }
        let root = open(
            "/" + state.real.joined(separator: "/"), RootedWalk.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { throw RootedWalk.failure() }
        state.held = [root]
        state.rootDepth = state.real.count
    }

    /// A component that does not exist: made (`makeFolder`), or the rest of the path taken as written.
    private func missingFolder(_ name: String, in top: Int32, state: inout State) throws(Failure) {
        guard mode == .makeFolder else { return made(name, state: &state) }
        let madeHere = mkdirat(top, name, 0o777) == 0
        guard madeHere || errno == EEXIST else { throw RootedWalk.failure() }
        let folder = openat(top, name, RootedWalk.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { throw RootedWalk.failure() }
        state.hold(folder)
        state.real.append(name)
        var info = stat()
        if madeHere, let record, fstat(folder, &info) == 0 {
            record(
                MadeFolder(
                    path: "/" + state.real.joined(separator: "/"), device: UInt64(info.st_dev),
                    inode: UInt64(info.st_ino)))
        }
    }

    /// Notes a component below one that does not exist.
    private func made(_ name: String, state: inout State) {
        state.real.append(name)
        state.missing += 1
    }

    /// The file at the end of the path, opened relative to its folder without following a link.
    private func openLeaf(
        _ name: String, in top: Int32, state: inout State, queue: inout ArraySlice<String>
    ) throws(Failure) {
        let file = openat(top, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            let code = errno
            if code == ELOOP, try follow(name, in: top, state: &state, queue: &queue) { return }
            throw RootedWalk.failure(code)
        }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(file)
            throw Failure(
                reason: (info.st_mode & S_IFMT) == S_IFDIR ? "is a folder, not an image" : "not a regular file")
        }
        state.leaf = file
        state.real.append(name)
    }

    /// Follows `name` in `top` if it is a symbolic link (its target read through the folder's
    /// descriptor); false when it is not one.
    private func follow(
        _ name: String, in top: Int32, state: inout State, queue: inout ArraySlice<String>
    ) throws(Failure) -> Bool {
        var info = stat()
        guard fstatat(top, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
            return false
        }
        try splice(RootedWalk.readLink { readlinkat(top, name, $0, $1) }, state: &state, queue: &queue)
        return true
    }

    /// Puts a link's target in front of the rest of the path; an absolute target starts again at `/`.
    private func splice(_ target: String, state: inout State, queue: inout ArraySlice<String>) throws(Failure) {
        state.links += 1
        guard state.links <= RootedWalk.linkLimit else { throw RootedWalk.failure(ELOOP) }
        state.throughLink = true
        queue = (RootedWalk.components(target) + queue)[...]
        guard target.hasPrefix("/") else { return }
        state.leaveRoot()
        state.real = []
        state.missing = 0
        state.missingOutside = 0
        try enterIfRoot(&state)
    }

    /// A link's target, read by `read` into a buffer.
    private static func readLink(_ read: (UnsafeMutablePointer<CChar>, Int) -> Int) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, Int(PATH_MAX)) }
        guard count > 0 else { throw failure() }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The components of `path`, empty ones dropped.
    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// `cannot open: ` and the text of `errno` (or `code`), as `InputFile` words it.
    static func failure(_ code: Int32 = errno) -> Failure {
        Failure(reason: "cannot open: \(String(cString: strerror(code)))")
    }
}
