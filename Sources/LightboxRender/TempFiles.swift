import Foundation

/// The temp files being written right now, so an interrupt can remove them before the process ends.
public final class TempFiles: @unchecked Sendable {
    /// The one registry of the process.
    public static let shared = TempFiles()

    private var paths: Set<String> = []
    private let lock = NSLock()

    /// Notes a temp file that is about to be written.
    func add(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    /// Runs `body` (which moves or removes `path`) and forgets `path`, with no interrupt in between.
    func finish<T>(_ path: String, _ body: () throws(RenderError) -> T) throws(RenderError) -> T {
        lock.lock()
        defer {
            paths.remove(path)
            lock.unlock()
        }
        return try body()
    }

    /// Removes every temp file still being written and keeps the registry locked, so no
    /// output is published after this; call it only on the way out of the process.
    public func removeAllAndHold() -> Int {
        lock.lock()
        for path in paths { unlink(path) }
        return paths.count
    }
}
