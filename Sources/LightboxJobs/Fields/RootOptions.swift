import LightboxArguments
import LightboxRender
import LightboxSystem

/// `--root`, `--read-root` and `--write-root`, shared by every command: the folders a run may read
/// and write, for a process that takes file names from others (docs/reliability.md, "Running
/// behind a web service"). Without any of them nothing is confined, as before.
package enum RootOptions {
    /// `--root dir`, repeatable.
    package static let root = Option<String>(
        "root", valueName: "dir",
        help: "Read and write only inside dir (repeat for more); a service must set it (see docs/batch.md).",
        repeated: true)
    /// `--read-root dir`, repeatable.
    package static let readRoot = Option<String>(
        "read-root", valueName: "dir", help: "Read inputs only inside dir (with --write-root or --root).",
        repeated: true)
    /// `--write-root dir`, repeatable.
    package static let writeRoot = Option<String>(
        "write-root", valueName: "dir", help: "Write outputs only inside dir (with --read-root or --root).",
        repeated: true)

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [root, readRoot, writeRoot]

    /// The roots given, each resolved to its real folder, or nil when none is; a root that is not
    /// a folder, or reads without writes (or the reverse), is a usage error.
    package static func read(_ parsed: ParsedCommand) throws(UsageError) -> PathRoots? {
        let both = try resolved(root, parsed)
        let reads = both + (try resolved(readRoot, parsed))
        let writes = both + (try resolved(writeRoot, parsed))
        guard !reads.isEmpty || !writes.isEmpty else { return nil }
        guard !reads.isEmpty else { throw parsed.error("--write-root needs --read-root or --root (where inputs are)") }
        guard !writes.isEmpty else { throw parsed.error("--read-root needs --write-root or --root (where outputs go)") }
        return PathRoots(read: reads, write: writes)
    }

    /// Every folder given to `option`, resolved.
    private static func resolved(
        _ option: Option<String>, _ parsed: ParsedCommand
    ) throws(UsageError) -> [PathRoots.Root] {
        var roots: [PathRoots.Root] = []
        for given in try parsed.values(option) {
            do {
                roots.append(try PathRoots.Root(given, option: "--\(option.spec.long)"))
            } catch {
                throw parsed.error("--\(option.spec.long) '\(given)': \(error.reason)")
            }
        }
        return roots
    }
}
