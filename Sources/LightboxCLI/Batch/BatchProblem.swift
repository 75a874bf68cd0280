/// A problem with one item of a batch, located by file, line and field when they are known.
struct BatchProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at fault (a manifest, a label file, an image).
    let path: String
    /// The line in `path`, from 1.
    let line: Int?
    /// The field on that line, such as `x` or `rect`.
    let field: String?
    /// What is wrong.
    let message: String

    /// Makes a problem.
    init(_ path: String, line: Int? = nil, field: String? = nil, _ message: String) {
        self.path = path
        self.line = line
        self.field = field
        self.message = message
    }

    /// `path:line: field: message`, the parts that are known.
    var description: String {
        var text = path
        if let line { text += ":\(line)" }
        if let field { text += ": \(field)" }
        return text + ": " + message
    }
}
