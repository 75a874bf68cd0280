import Foundation

/// Turns label files into crop entries `OUT/<split>/<class>/<stem>_<n>.<ext>`, refusing
/// unnamed classes and outputs claimed twice.
package struct YOLOPlanner {
    /// The output folder.
    package let outDir: String
    /// Class names by id; nil when the dataset has none and ids name the folders.
    package let names: [Int: String]?
    /// Where the names came from, for messages.
    package let namesFile: String
    /// Squaring and the classes kept.
    package let options: DatasetOptions
    /// The label line reader.
    package let lines: YOLOLabelLine

    /// The crops planned so far.
    package private(set) var entries: [CropEntry] = []
    /// The bad lines found so far.
    package private(set) var problems: [BatchProblem] = []
    /// The class ids of every box read so far, kept or not.
    package private(set) var classIDs: Set<Int> = []
    private var claimed: [String: String] = [:]

    /// Makes a planner.
    package init(
        outDir: String, names: [Int: String]?, namesFile: String, options: DatasetOptions, lines: YOLOLabelLine
    ) {
        self.outDir = outDir
        self.names = names
        self.namesFile = namesFile
        self.options = options
        self.lines = lines
    }

    /// Plans every box of one label file's `text`.
    package mutating func add(_ pair: YOLOLabelled, text: String) {
        let stem = ((pair.image as NSString).lastPathComponent as NSString).deletingPathExtension
        let ext = options.outputExtension(of: pair.image)
        var number = 0
        for (index, line) in text.components(separatedBy: .newlines).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            number += 1
            let origin = EntryOrigin(file: pair.label, line: index + 1)
            switch lines.label(line, file: pair.label, line: index + 1) {
            case .failure(let problem):
                problems.append(problem)
            case .success(let label):
                let classID = label.classID
                classIDs.insert(classID)
                guard let name = name(of: classID) else {
                    problems.append(
                        BatchProblem(
                            pair.label, line: index + 1, field: "class", "class \(classID) has no name in \(namesFile)")
                    )
                    continue
                }
                guard options.keeps(name, id: classID) else { continue }
                let output = [outDir, pair.split, name, "\(stem)_\(number).\(ext)"].filter { !$0.isEmpty }.joined(
                    separator: "/")
                if let first = claimed[output] {
                    problems.append(
                        BatchProblem(
                            pair.label, line: index + 1, field: "output",
                            "'\(output)' is already the output of \(first)"))
                    continue
                }
                claimed[output] = origin.description
                entries.append(
                    CropEntry(
                        input: pair.image, rect: label.rect, output: output, square: options.square, origin: origin,
                        shape: options.shapes ? label.shape : nil))
            }
        }
    }

    /// The folder name of a class: its name, or its number when the dataset names none.
    private func name(of classID: Int) -> String? {
        guard let names else { return String(classID) }
        return names[classID]
    }
}
