import Foundation

/// A problem with one item of a batch, located by file, line and field when they are known.
package struct BatchProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at fault (a manifest, a label file, an image).
    package let path: String
    /// The line in `path`, from 1.
    package let line: Int?
    /// The field on that line, such as `x` or `rect`.
    package let field: String?
    /// What is wrong.
    package let message: String
    /// Whether the file could not be read at all (missing, a folder, no permission), rather than read and found wrong.
    package var unreadable = false

    /// Makes a problem.
    package init(_ path: String, line: Int? = nil, field: String? = nil, _ message: String) {
        self.path = path
        self.line = line
        self.field = field
        self.message = message
    }

    /// A problem with a file that could not be read at all (exit 66 rather than 65).
    package static func unreadable(_ path: String, _ message: String) -> BatchProblem {
        var problem = BatchProblem(path, message)
        problem.unreadable = true
        return problem
    }

    /// `path:line: field: message`, the parts that are known.
    package var description: String {
        var text = path
        if let line { text += ":\(line)" }
        if let field { text += ": \(field)" }
        return text + ": " + message
    }
}
