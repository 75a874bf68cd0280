/// One class of a dataset as `--only` sees it: its name (nil when bare YOLO labels name none)
/// and its id (nil for VOC, whose classes are names only).
package struct DatasetClass: Hashable, Sendable {
    /// The class id: YOLO's class number, COCO's category id.
    package let id: Int?
    /// The class name, nil when the labels have no names.
    package let name: String?

    /// Makes a class from its id and name.
    package init(id: Int?, name: String?) {
        self.id = id
        self.name = name
    }

    /// Whether the `--only` entry `entry` picks this class: its name or its id.
    package func isPicked(by entry: String) -> Bool {
        isPicked(among: [entry])
    }

    /// Whether `--only`'s entries pick this class: one of them is its name or its id.
    package func isPicked(among entries: Set<String>) -> Bool {
        name.map(entries.contains) == true || id.map { entries.contains(String($0)) } == true
    }

    /// How a message names the class: `'fish' (3)`, `'fish'` without an id, `3` without a name.
    package var quoted: String {
        guard let name else { return id.map(String.init) ?? "" }
        return ClassNameCheck.quoted(name) + (id.map { " (\($0))" } ?? "")
    }

    /// How a list of classes shows it: `3 fish`, `fish` without an id, `3` without a name.
    package var listed: String {
        [id.map(String.init), name].compactMap { $0 }.joined(separator: " ")
    }

    /// `classes` in the order messages list them: by id, then name.
    package static func sorted(_ classes: some Sequence<DatasetClass>) -> [DatasetClass] {
        classes.sorted { ($0.id ?? 0, $0.name ?? "") < ($1.id ?? 0, $1.name ?? "") }
    }

    /// At most 20 of `classes` (1,000 when `all`), listed and joined, with the count when some are left out.
    package static func list(_ classes: [DatasetClass], all: Bool = false) -> String {
        let limit = all ? 1000 : 20
        let shown = sorted(classes).prefix(limit).map(\.listed).joined(separator: ", ")
        return shown + (classes.count > limit ? ", ... (\(classes.count) in all)" : "")
    }
}
