import Foundation
import LightboxRender
import LightboxWorkers
import Synchronization
import Vips

/// Fault injection for the tests, compiled only into debug builds: `LIGHTBOX_FAULT` names inputs
/// on which the worker crashes or hangs, as a real broken decoder would.
///
/// `LIGHTBOX_FAULT=crash:a.jpg,abort:b.jpg,hang:c.jpg,torn:d.jpg,oom:e.jpg`: SIGSEGV, SIGABRT
/// (after a glibc-style message on stderr), sleeping for ever, SIGSEGV, or one allocation larger
/// than the worker's memory limit (the Swift runtime then aborts, as a decoder that does not check
/// its allocations would; nothing without a limit), in the worker, when it starts on that input;
/// `hang` and `torn` first leave a half-written temp file beside the first output. A kind ending
/// in `-opened` (`crash-opened:a.jpg`) strikes once the input's header has been read instead.
/// `oom-stale:f.jpg` is `oom` only in a worker that has answered a request before, as when an
/// earlier job's leftovers push an item over the limit that a fresh worker would not meet.
/// `stop-at-start:FILE` stops a starting worker (SIGSTOP) before it says it is ready, once per
/// byte of FILE (`stopAtStart`). `contend:a.jpg` starts a one-time initialisation on the serving
/// thread that a second thread waits for, as a board's drawing threads do (`contend`).
package enum WorkerFault {
    /// Requests this worker has answered (counted in debug builds only, for `oom-stale`).
    private static let answered = Atomic<Int>(0)

    /// Counts one more request answered by this worker.
    package static func answeredOne() {
        #if DEBUG
            answered.add(1, ordering: .relaxed)
        #endif
    }

    /// Crashes or hangs here if the fault switch names `path`'s file name (at the start, or once
    /// `opened`); does nothing in release builds.
    package static func inject(for path: String, outputs: [String] = [], opened: Bool = false) {
        #if DEBUG
            guard let spec = getenv("LIGHTBOX_FAULT").map({ String(cString: $0) }) else { return }
            let name = (path as NSString).lastPathComponent
            for fault in spec.split(separator: ",") {
                let parts = fault.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[1] == name, parts[0].hasSuffix("-opened") == opened else { continue }
                switch opened ? String(parts[0].dropLast("-opened".count)) : parts[0] {
                case "crash": raise(SIGSEGV)
                case "abort":
                    FileHandle.standardError.write(Data("free(): invalid next size (normal)\n".utf8))
                    abort()
                case "hang":
                    tear(outputs.first)
                    while true { sleep(3600) }
                case "torn":
                    tear(outputs.first)
                    raise(SIGSEGV)
                case "contend": contend()
                case "oom", "oom-stale":
                    guard let megabytes = MemoryLimit.megabytes,
                        parts[0] == "oom" || answered.load(ordering: .relaxed) > 0
                    else { continue }
                    let bytes = [UInt8](repeating: 1, count: (megabytes + 1) << 20)
                    _ = bytes.last
                default: continue
                }
            }
        #endif
    }

    /// Stops this worker (SIGSTOP, as from outside) before it says it is ready, if the fault switch
    /// has `stop-at-start:FILE` and FILE still has a byte to take; does nothing in release builds.
    ///
    /// Each byte of FILE stops one worker, the first to take it (under `flock`, as the first
    /// workers start together): a byte stops the first worker and lets its replacement start, many
    /// bytes stop every worker. A file, not the environment, as a replacement inherits the latter.
    package static func stopAtStart() {
        #if DEBUG
            guard let spec = getenv("LIGHTBOX_FAULT").map({ String(cString: $0) }) else { return }
            for fault in spec.split(separator: ",") where fault.hasPrefix("stop-at-start:") {
                let descriptor = open(String(fault.dropFirst("stop-at-start:".count)), O_RDWR | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                flock(descriptor, LOCK_EX)
                let size = lseek(descriptor, 0, SEEK_END)
                let took = size > 0 && ftruncate(descriptor, size - 1) == 0
                close(descriptor)
                if took { raise(SIGSTOP) }
            }
        #endif
    }

    /// A value whose one-time initialisation takes 0.1 s, for `contend`.
    private static let slowlyMade: Int = {
        usleep(100_000)
        return 1
    }()

    /// Starts `slowlyMade`'s initialisation on this thread while a new thread waits for it, and
    /// returns once that thread has it: a worker thread that locks under its parent's thread id
    /// (what `ForkedThread` prevents) leaves the waiting thread spinning or waiting for ever.
    private static func contend() {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            usleep(20_000)
            _ = slowlyMade
            done.signal()
        }
        _ = slowlyMade
        done.wait()
    }

    /// Leaves a temp file named and placed as `AtomicWriter` names this process's (an image for
    /// standard output is made in the temp folder), as a crash mid-write does.
    private static func tear(_ output: String?) {
        guard let output else { return }
        let url = URL(
            fileURLWithPath: output == OutputPath.standardOutput ? NSTemporaryDirectory() + "stdout.img" : output)
        let name = ".\(url.deletingPathExtension().lastPathComponent).lightbox-\(getpid())-fault.\(url.pathExtension)"
        let temp = url.deletingLastPathComponent().appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: temp, contents: Data(repeating: 0xFF, count: 4096))
    }
}
