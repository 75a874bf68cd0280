import Foundation
import LightboxArguments
import LightboxFormats

/// A JSON object's keys read as a command's options, the one decoder of a view job's fields
/// whether they come from a state manifest's line or a `lightbox batch` job: each key is an option
/// in camelCase or kebab-case, `input`/`inputs` the pages, and the values what the options take
/// (numbers, strings, booleans for flags, `[a,b]` or `{"width","height"}` for pairs and sizes).
/// An unknown key is an error with the nearest known one.
package struct FieldObject: Sendable {
    /// The options the keys may name.
    package let options: [OptionSpec]
    /// Keys that name the inputs, in order.
    package let inputKeys: Set<String>
    /// Keys the caller reads itself (`id`, `command`, `output` when placed apart...).
    package let ignored: Set<String>
    /// The command these fields stand for, for messages (`["lightbox", "view"]`).
    package let command: CommandSpec

    /// Makes a decoder.
    package init(command: CommandSpec, options: [OptionSpec], inputKeys: Set<String>, ignored: Set<String> = []) {
        self.command = command
        self.options = options
        self.inputKeys = inputKeys
        self.ignored = ignored
    }

    /// The options `object` gives, inputs resolved against `folder`; a bad key or value is the problem.
    package func parsed(
        _ object: [String: Any], folder: String, file: String, line: Int
    ) -> Result<ParsedCommand, BatchProblem> {
        var values: [String: [String]] = [:]
        var names: [String: String] = [:]
        var inputs: [String] = []
        for key in object.keys.sorted() where !ignored.contains(key) {
            let value = object[key] as Any
            if inputKeys.contains(key) {
                let paths = (value as? [Any] ?? [value]).compactMap { $0 as? String }
                guard !paths.isEmpty else {
                    return .failure(BatchProblem(file, line: line, field: key, "expected a path or a list of paths"))
                }
                inputs += paths.map { ManifestReader.resolve($0, in: folder) }
                continue
            }
            guard let option = options.first(where: { $0.long == FieldText.kebab(key) }) else {
                return .failure(BatchProblem(file, line: line, "unknown key '\(key)'" + suggestion(for: key)))
            }
            names[option.long] = key
            if case .flag = option.kind {
                guard let flag = JSONScalar.flag(value) else {
                    return .failure(BatchProblem(file, line: line, field: key, JSONScalar.flagProblem(value)))
                }
                if flag { values[option.long] = [] }
                continue
            }
            guard let text = FieldText.text(value, separator: key == "screen" ? "x" : ",") else {
                return .failure(
                    BatchProblem(
                        file, line: line, field: key,
                        "expected a number, a string, [a,b] or {\"width\",\"height\"}"))
            }
            values[option.long] = [text]
        }
        return .success(
            ParsedCommand(
                command: command, path: ["lightbox", command.name], positionals: inputs, values: values,
                fieldNames: names))
    }

    /// The nearest known key to `key`, as a message suffix, in the style the key was written.
    private func suggestion(for key: String) -> String {
        let kebab = FieldText.kebab(key)
        let known = options.map(\.long) + inputKeys.sorted()
        let hint = UsageError.suggestion(for: kebab, among: known)
        guard key != kebab, let quote = hint.firstIndex(of: "'") else { return hint }
        let name = hint[hint.index(after: quote)...].prefix { $0 != "'" }
        return "; did you mean '\(FieldText.camel(String(name)))'?"
    }
}
