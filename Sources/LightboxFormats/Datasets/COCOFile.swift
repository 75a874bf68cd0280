import Foundation

/// The parts of a COCO instances file Lightbox uses, read in one streaming pass: `images`,
/// `annotations` (segmentations read only when asked, every other field skipped unread) and
/// `categories`.
package struct COCOFile {
    /// Images by id.
    package private(set) var images: [Int: COCOImage] = [:]
    /// Annotations in file order.
    package private(set) var annotations: [COCOAnnotation] = []
    /// Category names by id, with their lines.
    package private(set) var categories: [Int: (name: String, line: Int)] = [:]

    /// Whether annotations keep their `segmentation`.
    private let readsSegmentations: Bool

    /// Reads `path`, with each annotation's segmentation when `segmentations`; a syntax error or
    /// a field of the wrong type stops the read with its line.
    package init(path: String, segmentations: Bool = false) throws(BatchProblem) {
        try self.init(stream: try JSONStream(path: path), segmentations: segmentations)
    }

    /// Reads what `stream` gives, to its end.
    package init(stream: JSONStream, segmentations: Bool = false) throws(BatchProblem) {
        readsSegmentations = segmentations
        let path = stream.path
        var first = true
        var seen: Set<String> = []
        while let key = try stream.nextKey(first: &first) {
            seen.insert(key)
            switch key {
            case "images": try Self.each(stream) { () throws(BatchProblem) in try readImage(stream) }
            case "annotations": try Self.each(stream) { () throws(BatchProblem) in try readAnnotation(stream) }
            case "categories": try Self.each(stream) { () throws(BatchProblem) in try readCategory(stream) }
            default: try stream.skip()
            }
        }
        guard stream.isFinished() else { throw stream.problem("more text after the JSON object") }
        for needed in ["images", "annotations", "categories"] where !seen.contains(needed) {
            throw BatchProblem(path, field: needed, "no '\(needed)' array: is this a COCO instances file?")
        }
    }

    /// Calls `body` for each element of an array.
    private static func each(_ stream: JSONStream, _ body: () throws(BatchProblem) -> Void) throws(BatchProblem) {
        var first = true
        while try stream.nextElement(first: &first) { try body() }
    }

    private mutating func readImage(_ stream: JSONStream) throws(BatchProblem) {
        var image = COCOImage(line: stream.line)
        var id: Int?
        var first = true
        while let key = try stream.nextKey(first: &first) {
            switch key {
            case "id": id = try Self.integer(stream, key)
            case "file_name": image.fileName = try stream.string()
            case "width": image.width = try Self.integer(stream, key)
            case "height": image.height = try Self.integer(stream, key)
            default: try stream.skip()
            }
        }
        guard let id else {
            throw BatchProblem(stream.path, line: image.line, field: "images", "an image without an id")
        }
        images[id] = image
    }

    private mutating func readAnnotation(_ stream: JSONStream) throws(BatchProblem) {
        var annotation = COCOAnnotation(line: stream.line)
        var first = true
        while let key = try stream.nextKey(first: &first) {
            switch key {
            case "id": annotation.id = try Self.integer(stream, key)
            case "image_id": annotation.imageID = try Self.integer(stream, key)
            case "category_id": annotation.categoryID = try Self.integer(stream, key)
            case "bbox":
                let numbers = try Self.numbers(stream)
                annotation.bbox = numbers.flatMap {
                    $0.count == 4 ? CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil
                }
            case "segmentation" where readsSegmentations: annotation.segmentation = try COCOSegmentation.read(stream)
            default: try stream.skip()
            }
        }
        annotations.append(annotation)
    }

    private mutating func readCategory(_ stream: JSONStream) throws(BatchProblem) {
        let line = stream.line
        var id: Int?
        var name: String?
        var first = true
        while let key = try stream.nextKey(first: &first) {
            switch key {
            case "id": id = try Self.integer(stream, key)
            case "name": name = try stream.string()
            default: try stream.skip()
            }
        }
        guard let id, let name else {
            throw BatchProblem(stream.path, line: line, field: "categories", "a category needs an id and a name")
        }
        categories[id] = (name, line)
    }

    /// A whole number (COCO ids and sizes).
    private static func integer(_ stream: JSONStream, _ key: String) throws(BatchProblem) -> Int {
        let value = try stream.number()
        guard value.rounded() == value, abs(value) < 1e15 else {
            throw stream.problem("\(key): expected a whole number")
        }
        return Int(value)
    }

    /// An array of numbers (a bbox); nil for null.
    private static func numbers(_ stream: JSONStream) throws(BatchProblem) -> [Double]? {
        if try stream.null() { return nil }
        var values: [Double] = []
        var first = true
        while try stream.nextElement(first: &first) {
            values.append(try stream.number())
            if values.count > 4 { throw stream.problem("bbox: expected [x, y, width, height]") }
        }
        return values
    }
}
