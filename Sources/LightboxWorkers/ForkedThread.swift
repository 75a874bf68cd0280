import Foundation

/// Moves a forked child onto a thread of its own before it runs anything that takes a lock.
///
/// Swift's locks on Linux (`swift_once` behind every `static let`, `Synchronization.Mutex`) are
/// priority-inheriting futexes whose word holds the owner's thread id, and each thread caches
/// its id on first use. `fork()` copies the calling thread's cache into the child's only
/// thread, so that thread locks under its parent's id: uncontended that goes unnoticed, but a
/// second thread that waits for such a lock gets an error or waits for ever (a board drawn in
/// a worker hung one run in ten in a `static let`'s initialisation). A thread made after the
/// fork caches its own id; the inherited thread only waits for it.
package enum ForkedThread {
    /// What the new thread runs, carried through `pthread_create`'s one pointer.
    private final class Body {
        let run: () -> Never

        init(_ run: @escaping () -> Never) { self.run = run }
    }

    /// Runs `body` on a new thread (with the default stack size) and never returns; the calling
    /// thread only waits in `pthread_join`, which takes no Swift lock. Exits with status 70 if
    /// no thread can be made.
    package static func run(_ body: @escaping () -> Never) -> Never {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(
            &thread, nil,
            { pointer in Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run() },
            context)
        guard made == 0 else { _exit(70) }
        pthread_join(thread, nil)
        _exit(70)
    }
}
