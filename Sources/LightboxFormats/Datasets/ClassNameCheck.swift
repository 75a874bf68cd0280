/// Refuses class names that cannot be one folder under `--out-dir`, for every dataset format.
package enum ClassNameCheck {
    /// Why `name` cannot be a folder name, or nil when it can (spaces and any script are fine).
    package static func flaw(of name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.contains("/") { return "it holds '/'" }
        if name.contains("\\") { return "it holds '\\'" }
        if name == "." || name == ".." { return "it is '\(name)'" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it holds a control character"
        }
        return nil
    }

    /// Throws a problem naming the class, the file and its `field` when `name` cannot be a folder name.
    package static func check(
        _ name: String, id: String?, file: String, line: Int?, field: String = "names"
    ) throws(BatchProblem) {
        guard let flaw = flaw(of: name) else { return }
        throw BatchProblem(
            file, line: line, field: field,
            "class \(id.map { $0 + " " } ?? "")\(quoted(name)) cannot be a folder name: \(flaw)")
    }

    /// The name in quotes, control characters escaped so the message stays on one line.
    package static func quoted(_ name: String) -> String {
        let escaped = name.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return "'" + escaped.joined() + "'"
    }
}
