import Foundation
import LightboxRender

/// Why an input or output failed: the file at fault and a one-line reason.
public struct LightboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at fault: an input, or the output (also for a request that cannot be rendered).
    public let path: String
    /// What went wrong, on one line, with the field at fault named first when there is one.
    public let reason: String

    /// Makes an error about `path`.
    init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The renderer's error, with the library's names for the command line's options.
    init(_ error: RenderError) {
        let reason = LightboxError.optionNames.reduce(error.reason) { text, names in
            text.replacingOccurrences(of: names.option, with: names.property)
        }
        self.init(error.path, reason)
    }

    /// The command line's options that the renderer's reasons name, and the properties that set them here.
    static let optionNames = [
        (option: "use --force to replace it", property: "set replaceExisting to replace it"),
        (option: "(--max-pixels; 0 for none)", property: "(maxPixels; 0 for none)"),
    ]

    /// `path: reason`, as the command line prints it after `error: `.
    public var description: String { "\(path): \(reason)" }
}
