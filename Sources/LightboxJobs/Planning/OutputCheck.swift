import Foundation
import LightboxRender

/// The supervisor's one check of each output before its job is sent: its folder is made (or, in a
/// dry run, could be), is writable, the output is not a folder nor one of the job's inputs, and
/// exists only with `--force`.
///
/// The worker then only renders and writes (through a temp file and a rename that never replaces
/// a file without `--force`), so the check runs once, on one side, and a dry run meets exactly it.
package struct OutputCheck: Sendable {
    /// Plan only: check that folders could be made, make none.
    package let dryRun: Bool

    /// Makes a check.
    package init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    /// Why `output` cannot be written for a job reading `inputs`, or nil when it can.
    package func problem(_ output: String, inputs: [String], force: Bool) -> RenderError? {
        guard output != OutputPath.standardOutput else { return nil }
        do {
            try OutputPath.check(output, inputs: inputs, force: force, makeFolder: !dryRun)
            return nil
        } catch {
            return error
        }
    }
}
