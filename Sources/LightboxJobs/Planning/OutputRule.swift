import Foundation
import LightboxRender

/// The one check of an output's name, whichever door it came in by: a format Lightbox writes,
/// save options in brackets that the format's saver has, and at most `OutputDepth.maximum` folders.
package enum OutputRule {
    /// Why a name cannot be written, as `checked` fails.
    package struct Problem: Error, CustomStringConvertible {
        /// The reason, one line.
        package let reason: String
        /// The reason.
        package var description: String { reason }
    }

    /// Why `name` cannot be written, or nil; `-` (standard output) passes when `stream`, and a name
    /// without an extension when `format` (`--format`) gives it one.
    package static func problem(_ name: OutputName, stream: Bool = false, format: OutputFormat? = nil) -> String? {
        if name.path == OutputPath.standardOutput { return stream ? nil : "'-' is not allowed here" }
        if let deep = OutputDepth.problem(name.path) { return deep }
        let ext = URL(fileURLWithPath: name.path).pathExtension
        if ext.isEmpty, let format { return name.problem(as: format) }
        return OutputFormat.problem(with: name.path) ?? name.problem()
    }

    /// `name` with its save options read (`OutputName.checked`), or why it cannot be written; for
    /// a name from a manifest or a job, whose `profile=FILE` is refused.
    package static func checked(
        _ name: OutputName, format: OutputFormat? = nil
    ) -> Result<OutputName, OutputRule.Problem> {
        if let problem = problem(name, format: format) { return .failure(Problem(reason: problem)) }
        do {
            return .success(try name.checked(as: format, profiles: .refused))
        } catch {
            return .failure(Problem(reason: error.description))
        }
    }
}
