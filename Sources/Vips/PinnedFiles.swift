import CVips
import Foundation

/// The input files this process opened itself, checked, and lends to libvips by descriptor.
///
/// libvips and the JPEG decoders open files by name, several times per input, each time
/// resolving the name again, so a name checked before the work could lead somewhere else by the
/// time it is read (a folder swapped for a symbolic link). A caller that checked where a file is
/// pins it here with the descriptor it opened; from then on every open of that path in this
/// binding (`Vips.loader(for:)`, `VImage.load`, `VImage.thumbnail`, `JPEGRegion`, `JPEGCut`)
/// reads `/proc/self/fd/N`, which the kernel maps to the very file the descriptor holds, and
/// messages name the path again. Once `confine()` is called, a path that is not pinned is
/// refused rather than opened.
package enum PinnedFiles {
    /// One pinned file: the descriptor and the name libvips is given.
    package struct Pin: Sendable, Equatable {
        /// The path as callers name it.
        package let path: String
        /// The descriptor opened on the checked file.
        package let descriptor: Int32
        /// `/proc/self/fd/N`.
        package var alias: String { "/proc/self/fd/\(descriptor)" }
    }

    /// The registry: pins by path (a path pinned twice uses its latest pin), and whether to refuse unpinned paths.
    private struct Registry {
        /// The pins of each path, the latest last.
        var pins: [String: [Pin]] = [:]
        /// Whether a path without a pin is refused.
        var confined = false
    }

    /// Guards `registry`.
    private static let lock = NSLock()
    /// Every pin of the process.
    nonisolated(unsafe) private static var registry = Registry()

    /// From now on, a path that is not pinned is refused; for a process given roots (it never ends).
    package static func confine() {
        lock.lock()
        registry.confined = true
        lock.unlock()
    }

    /// Whether unpinned paths are refused.
    package static var isConfined: Bool {
        lock.lock()
        defer { lock.unlock() }
        return registry.confined
    }

    /// Lends `descriptor` (open on the file `path` names, checked by the caller) for every open of
    /// `path` until `release` is called; the pin owns the descriptor.
    package static func pin(_ path: String, descriptor: Int32) -> Pin {
        let pin = Pin(path: path, descriptor: descriptor)
        lock.lock()
        registry.pins[path, default: []].append(pin)
        lock.unlock()
        return pin
    }

    /// Ends `pin`: empties libvips' operation cache (its keys name `/proc/self/fd/N`, which the
    /// next pin may reuse for another file), then closes the descriptor.
    package static func release(_ pin: Pin) {
        lock.lock()
        registry.pins[pin.path]?.removeAll { $0 == pin }
        if registry.pins[pin.path]?.isEmpty == true { registry.pins[pin.path] = nil }
        lock.unlock()
        Vips.emptyCache()
        close(pin.descriptor)
    }

    /// The name to open `path` by: its pin's alias, the path itself in a process that is not
    /// confined, or a refusal.
    package static func opening(_ path: String) throws(VipsError) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let pin = registry.pins[path]?.last { return pin.alias }
        guard !registry.confined else { throw VipsError("not opened through the roots, so not read") }
        return path
    }

    /// `text` with every pinned file's alias replaced by its path, so a message names what the user gave.
    package static func restoring(_ text: String) -> String {
        guard text.contains("/proc/self/fd/") else { return text }
        lock.lock()
        let pins = registry.pins.values.flatMap { $0 }.sorted { $0.alias.count > $1.alias.count }
        lock.unlock()
        return pins.reduce(text) { $0.replacingOccurrences(of: $1.alias, with: $1.path) }
    }
}
