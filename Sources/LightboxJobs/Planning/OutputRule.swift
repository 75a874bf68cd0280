import Foundation
import LightboxRender

/// The one check of an output's name, whichever door it came in by: a format Lightbox writes,
/// save options in brackets that the format's saver has, and at most `OutputDepth.maximum` folders.
package enum OutputRule {
    /// Why `name` cannot be written, or nil; `-` (standard output) passes when `stream`, and a name
    /// without an extension when `format` (`--format`) gives it one.
    package static func problem(_ name: OutputName, stream: Bool = false, format: OutputFormat? = nil) -> String? {
        if name.path == OutputPath.standardOutput { return stream ? nil : "'-' is not allowed here" }
        if let deep = OutputDepth.problem(name.path) { return deep }
        let ext = URL(fileURLWithPath: name.path).pathExtension
        if ext.isEmpty, let format { return name.problem(as: format) }
        return OutputFormat.problem(with: name.path) ?? name.problem()
    }
}
