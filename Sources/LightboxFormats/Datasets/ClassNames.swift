import Foundation
import LightboxYAML

/// Reads class names from a YOLO `data.yaml` (`names` and `nc`) or a one-name-per-line file.
package enum ClassNames {
    /// Plain scalars YAML 1.1 readers (PyYAML, so Ultralytics) turn into true or false.
    package static let booleans: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE",
        "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    ]

    /// The names by class id, from the file at `path`, each checked as a folder name.
    package static func read(_ path: String) throws(BatchProblem) -> [Int: String] {
        let data = try FileContents.read(path, what: "class names")
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "yaml" || ext == "yml" { return try yaml(data, path: path) }
        var names: [Int: String] = [:]
        for (index, line) in String(decoding: data, as: UTF8.self).components(separatedBy: .newlines).enumerated() {
            let name = line.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { continue }
            try ClassNameCheck.check(name, id: String(names.count), file: path, line: index + 1)
            names[names.count] = name
        }
        return names
    }

    /// The names of a `data.yaml` document.
    package static func yaml(_ data: Data, path: String) throws(BatchProblem) -> [Int: String] {
        try names(in: try document(data, path: path), path: path)
    }

    /// The root mapping of a YAML file, every syntax error located by line.
    package static func document(_ data: Data, path: String) throws(BatchProblem) -> YAMLNode {
        let root: YAMLNode?
        do { root = try YAMLParser.parse(Array(data)) } catch {
            throw BatchProblem(path, line: error.line, error.message)
        }
        guard let root, root.pairs != nil else {
            throw BatchProblem(
                path, line: root?.line ?? 1, "expected a mapping of keys such as path, train, val and names")
        }
        return root
    }

    /// `names` (a list, or a mapping from id) checked against `nc`; `nc` alone gives `class_<i>`.
    package static func names(in root: YAMLNode, path: String) throws(BatchProblem) -> [Int: String] {
        let count = try classCount(root, path: path)
        guard let node = root["names"], !node.isNull else {
            guard let count else {
                throw BatchProblem(path, line: root.line, field: "names", "no 'names' (or 'nc') entry")
            }
            return Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, "class_\($0)") })
        }
        var names: [Int: String] = [:]
        if let items = node.items {
            for (id, item) in items.enumerated() { names[id] = try name(item, id: id, path: path) }
        } else if let pairs = node.pairs {
            for pair in pairs {
                guard let id = pair.key.text.flatMap({ Int($0) }), id >= 0 else {
                    throw BatchProblem(
                        path, line: pair.key.line, field: "names",
                        "'\(pair.key.text ?? pair.key.kindName)' is not a class id (0, 1, ...)")
                }
                names[id] = try name(pair.value, id: id, path: path)
            }
        } else {
            throw BatchProblem(
                path, line: node.line, field: "names", "expected a list or a mapping of class names, got text")
        }
        if let count, names.count != count || names.keys.contains(where: { $0 >= count }) {
            throw BatchProblem(
                path, line: root["nc"]?.line, field: "nc",
                "nc is \(count) but names has ids \(names.keys.sorted().map(String.init).joined(separator: ", "))")
        }
        return names
    }

    /// One class name: text, not a YAML boolean or null, usable as a folder name.
    private static func name(_ node: YAMLNode, id: Int, path: String) throws(BatchProblem) -> String {
        guard let text = node.text else {
            throw BatchProblem(
                path, line: node.line, field: "names", "class \(id): expected a name, got \(node.kindName)")
        }
        if node.isNull { throw BatchProblem(path, line: node.line, field: "names", "class \(id) has no name") }
        if case .scalar(_, plain: true) = node.value, booleans.contains(text) {
            throw BatchProblem(
                path, line: node.line, field: "names",
                "class \(id) '\(text)' is a boolean to YAML 1.1 readers such as Ultralytics; quote it")
        }
        try ClassNameCheck.check(text, id: String(id), file: path, line: node.line)
        return text
    }

    /// `nc`, when given: a whole number from 1.
    private static func classCount(_ root: YAMLNode, path: String) throws(BatchProblem) -> Int? {
        guard let node = root["nc"], !node.isNull else { return nil }
        guard let count = node.integer, count >= 1 else {
            throw BatchProblem(
                path, line: node.line, field: "nc", "'\(node.text ?? node.kindName)' is not a class count")
        }
        return count
    }
}
