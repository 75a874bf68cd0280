import Foundation

/// The temp files being written right now, so an interrupt can remove them before the process ends.
package final class TempFiles: @unchecked Sendable {
    /// The one registry of the process.
    package static let shared = TempFiles()

    private var paths: Set<String> = []
    /// When each folder was last swept (uptime in seconds), so a busy folder is listed once a minute at most.
    private var swept: [String: Double] = [:]
    private let lock = NSLock()
    /// Seconds before a folder swept already is swept again.
    static let sweepInterval = 60.0

    /// Notes a temp file that is about to be written.
    package func add(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    /// Runs `body` (which moves or removes `path`) and forgets `path`, with no interrupt in between.
    package func finish<T, Failure: Error>(_ path: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer {
            paths.remove(path)
            lock.unlock()
        }
        return try body()
    }

    /// Removes the temp files that a killed run (its process gone) left in `folder`, when this
    /// process has not swept it in the last minute; `descriptor` is the folder opened through the
    /// roots, when the run has them, so the names are listed and removed in that very folder.
    ///
    /// Temp names are `.<stem>.lightbox-<pid>-<token>.<ext>`; a file whose process still runs is
    /// left alone, since another run may be writing it.
    package func sweepStale(in folder: String, descriptor: Int32? = nil) {
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        lock.lock()
        let due = swept[folder].map { now - $0 >= TempFiles.sweepInterval } ?? true
        if due {
            if swept.count >= 4096 { swept.removeAll() }
            swept[folder] = now
        }
        lock.unlock()
        guard due else { return }
        let place = descriptor ?? AT_FDCWD
        let listed =
            descriptor.map { openat($0, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            ?? open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listed >= 0, let stream = fdopendir(listed) else {
            if listed >= 0 { close(listed) }
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("."), let pid = TempFiles.owner(of: name), TempFiles.isGone(pid) else {
                continue
            }
            unlinkat(place, descriptor == nil ? (folder as NSString).appendingPathComponent(name) : name, 0)
        }
    }

    /// Whether process `pid` has ended: no such process, or a zombie (a worker killed with its
    /// supervisor waits, unreaped, for a parent that may never reap it).
    static func isGone(_ pid: pid_t) -> Bool {
        if kill(pid, 0) != 0 { return errno == ESRCH }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state == "Z" || state == "X"
    }

    /// Removes the temp files that process `pid` (a worker that died or was killed) left in `folder`.
    package func removeFiles(of pid: pid_t, in folder: String) {
        let place = folder.isEmpty ? "." : folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: place) else { return }
        for name in names where name.hasPrefix(".") && TempFiles.owner(of: name) == pid {
            unlink((place as NSString).appendingPathComponent(name))
        }
    }

    /// The process id in a temp file's name, or nil for any other name.
    static func owner(of name: String) -> pid_t? {
        guard let marker = name.range(of: ".lightbox-") else { return nil }
        let digits = name[marker.upperBound...].prefix { $0.isNumber }
        guard !digits.isEmpty, name[marker.upperBound...].dropFirst(digits.count).first == "-" else { return nil }
        return pid_t(digits)
    }

    /// Removes every temp file still being written and keeps the registry locked, so no
    /// output is published after this; call it only on the way out of the process.
    package func removeAllAndHold() -> Int {
        lock.lock()
        for path in paths { unlink(path) }
        return paths.count
    }
}
