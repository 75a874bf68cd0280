import Foundation
import LightboxRender
import LightboxSystem

/// The supervisor's one check of each output before its job is sent: at most
/// `OutputDepth.maximum` folders deep, its folder is made (or, in a dry run, could be), is
/// writable, the output is not a folder nor one of the job's inputs, and exists only with
/// `--force` (or, for a job skipping whole outputs, as a regular file its worker then reads).
///
/// The worker then only renders and writes (through a temp file and a rename that never replaces
/// a file without `--force`), so the check runs once, on one side, and a dry run meets exactly it.
/// With roots (`RootCheck` passed the output first), the folder is made one part at a time inside
/// its write root, each part made in the one before without following links
/// (`PathRoots.makeFolder`), so nothing is made outside even if the path changed since the check.
package struct OutputCheck: Sendable {
    /// Plan only: check that folders could be made, make none.
    package let dryRun: Bool
    /// The roots outputs must stay in; nil for none.
    package let roots: PathRoots?

    /// Makes a check.
    package init(dryRun: Bool, roots: PathRoots? = nil) {
        self.dryRun = dryRun
        self.roots = roots
    }

    /// Why `output` cannot be written for a job reading `inputs`, or nil when it can; `skipping`
    /// when the job leaves a whole output as it is (its worker reads a regular file found there).
    package func problem(_ output: String, inputs: [String], force: Bool, skipping: Bool = false) -> RenderError? {
        guard output != OutputPath.standardOutput else { return nil }
        if let deep = OutputDepth.problem(output) { return RenderError(OutputDepth.shown(output), deep) }
        do {
            if let roots, !dryRun {
                _ = try RenderError.rooted { () throws(PathError) in
                    try roots.makeFolder(OutputPath.folder(of: output), for: output)
                }
            }
            // Under roots every folder is made by the rooted walk above, never by a plain mkdir
            // that would follow a link or a `..` wherever the path leads by now.
            try OutputPath.check(
                output, inputs: inputs, force: force, makeFolder: !dryRun && roots == nil, skipping: skipping)
            return nil
        } catch {
            return error
        }
    }
}
