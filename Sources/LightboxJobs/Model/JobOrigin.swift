import LightboxFormats

/// Where a job or one of its items was asked for: a file and line (`crops.csv:12`), or a place on
/// the command line (`--rect 2 '0,0,1,1'`), so every message and record can point back at it.
package struct JobOrigin: Codable, Sendable, Equatable {
    /// The file the job came from (a manifest, a label file, a jobs file, `stdin`); nil for the command line.
    package var source: String?
    /// The line in `source`, from 1.
    package var line: Int?
    /// The command line's words for the item (`--rect 2 '0,0,1,1'`), when it came from there.
    package var label: String?
    /// A COCO annotation's ids, which name it in `source` instead of `line` (a pycocotools file
    /// is one line, so every annotation would be line 1).
    package var annotation: AnnotationID?

    /// An item of the command line, named by `label` (nil: the whole command line).
    package init(label: String? = nil) {
        self.label = label
    }

    /// Line `line` of the file `source`.
    package init(source: String, line: Int?) {
        self.source = source
        self.line = line
    }

    /// A COCO annotation `id` (on image `image`) of the instances file `source`.
    package init(source: String, annotation: AnnotationID) {
        self.source = source
        self.annotation = annotation
    }

    /// Where a dataset's reader says a crop came from: its annotation's ids, or its line.
    package init(_ entry: EntryOrigin) {
        if let annotation = entry.annotation {
            self.init(source: entry.file, annotation: annotation)
        } else {
            self.init(source: entry.file, line: entry.line)
        }
    }

    /// `crops.csv:12`, `instances.json: annotation 42`, `--rect 2 '0,0,1,1'`, or nil for the
    /// command line as a whole.
    package var place: String? {
        guard let source else { return label }
        if let annotation { return "\(source): annotation \(annotation.id)" }
        return line.map { "\(source):\($0)" } ?? source
    }

    /// `message` located: `crops.csv:12: message`, or the message alone for the command line.
    package func located(_ message: String) -> String {
        guard let place, source != nil else { return message }
        return "\(place): \(message)"
    }

    /// The record fields `source` and `line` (for a COCO annotation, `annotation` and `imageId`,
    /// its ids); none for the command line.
    package var fields: [(String, JSONValue)] {
        guard let source else { return [] }
        if let annotation {
            return [
                ("source", .string(source)), ("annotation", .int(annotation.id)), ("imageId", .int(annotation.image)),
            ]
        }
        return [("source", .string(source))] + (line.map { [("line", .int($0))] } ?? [])
    }
}
