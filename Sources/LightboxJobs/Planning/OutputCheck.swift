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
/// The folders made are held for the output (`MadeFolders`) until its job ends (`release`): those
/// no written output needs are removed again.
package struct OutputCheck: Sendable {
    /// Plan only: check that folders could be made, make none.
    package let dryRun: Bool
    /// The roots outputs must stay in; nil for none.
    package let roots: PathRoots?
    /// The folders made for outputs whose jobs have not ended.
    package let folders = MadeFolders()

    /// Makes a check.
    package init(dryRun: Bool, roots: PathRoots? = nil) {
        self.dryRun = dryRun
        self.roots = roots
    }

    /// Why `output` cannot be written for a job reading `inputs`, or nil when it can; the folders
    /// made for it stay, whatever becomes of it.
    package func problem(_ output: String, inputs: [String], force: Bool) -> RenderError? {
        prepared(output, inputs: inputs, force: force, skipping: false, record: nil)
    }

    /// `problem`, for an output of a job that `release`s `claims` when it ends; `skipping` when the
    /// job leaves a whole output as it is (its worker reads a regular file found there).
    package func problem(
        _ output: String, inputs: [String], force: Bool, skipping: Bool, claims: inout [MadeFolders.Claim]
    ) -> RenderError? {
        var problem: RenderError?
        folders.claim(into: &claims) { record in
            problem = prepared(output, inputs: inputs, force: force, skipping: skipping, record: record)
            return problem == nil ? realFolder(of: output) : nil
        }
        return problem
    }

    /// Lets the folders `claims` hold go, when their job has ended: those no output needs any
    /// more are removed when empty.
    package func release(_ claims: [MadeFolders.Claim]) {
        folders.release(claims, roots: roots)
    }

    /// The checks, and the folder made, for `output`; `record` is told of each folder made.
    private func prepared(
        _ output: String, inputs: [String], force: Bool, skipping: Bool, record: ((MadeFolder) -> Void)?
    ) -> RenderError? {
        guard output != OutputPath.standardOutput else { return nil }
        if let deep = OutputDepth.problem(output) { return RenderError(OutputDepth.shown(output), deep) }
        do {
            if let roots, !dryRun {
                _ = try RenderError.rooted { () throws(PathError) in
                    try roots.makeFolder(OutputPath.folder(of: output), for: output, record: record)
                }
            }
            // Under roots every folder is made by the rooted walk above, never by a plain mkdir
            // that would follow a link or a `..` wherever the path leads by now.
            try OutputPath.check(
                output, inputs: inputs, force: force, makeFolder: !dryRun && roots == nil, skipping: skipping,
                record: record)
            return nil
        } catch {
            return error
        }
    }

    /// The real path of the folder `output` is written in, once made; nil when it cannot be resolved.
    private func realFolder(of output: String) -> String? {
        OutputPath.realPath(OutputPath.folder(of: output))
    }
}
