import Foundation
import LightboxRender

/// The one check of an output's name, whichever door it came in by: a format Lightbox writes, and
/// save options in brackets that the format's saver has.
package enum OutputRule {
    /// Why `name` cannot be written, or nil; `-` (standard output) passes when `stream`.
    package static func problem(_ name: OutputName, stream: Bool = false) -> String? {
        if name.path == OutputPath.standardOutput { return stream ? nil : "'-' is not allowed here" }
        return OutputFormat.problem(with: name.path) ?? name.problem()
    }
}
