import Foundation
import LightboxGeometry

/// Turns a COCO instances file into crops `OUT/<category>/<stem>_<annotation id>.<ext>`
/// (crowd boxes, `iscrowd: 1`, included), each with its segmentation's shape when
/// `options.shapes` (polygons, or the run-length mask of a crowd).
package struct COCOReader: Sendable {
    /// The instances JSON file.
    package let annotations: String
    /// The folder `file_name` is relative to.
    package let images: String
    /// Padding, squaring, strictness and the classes kept.
    package let options: DatasetOptions

    /// Makes a value from its parts.
    package init(annotations: String, images: String, options: DatasetOptions) {
        self.annotations = annotations
        self.images = images
        self.options = options
    }

    /// One crop entry per annotation, and a problem per annotation that cannot be planned;
    /// `warn` takes an `--only` class no annotation has.
    package func entries(
        outDir: String, warn: (String) -> Void = { _ in }
    ) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        let stream = try stream(outDir: outDir, warn: warn)
        var (entries, problems): ([CropEntry], [BatchProblem]) = ([], [])
        while let chunk = stream.next() {
            entries += chunk.entries
            problems += chunk.problems
        }
        return (entries, problems)
    }

    /// The annotations as a stream of chunks of whole images (`COCOStream`), once the file is
    /// read and its categories and `--only` checked; `warn` takes an `--only` class no
    /// annotation has.
    package func stream(
        outDir: String, warn: (String) -> Void = { _ in }, sizes: COCOStream.Sizes = COCOStream.sizes
    ) throws(BatchProblem) -> COCOStream {
        let file = try COCOFile(path: annotations, segmentations: options.shapes)
        for (id, category) in file.categories.sorted(by: { $0.key < $1.key }) {
            try ClassNameCheck.check(
                category.name, id: String(id), file: annotations, line: category.line, field: "categories")
        }
        let known = file.categories.map { DatasetClass(id: $0.key, name: $0.value.name) }
        try options.checkOnly(known: known, file: annotations, source: annotations)
        let seen = file.annotations.compactMap { annotation in
            annotation.categoryID.flatMap { id in file.categories[id].map { DatasetClass(id: id, name: $0.name) } }
        }
        try options.checkMatched(seen: Set(seen), known: known, file: annotations, warn: warn)
        return COCOStream(reader: self, file: file, outDir: outDir, sizes: sizes)
    }

    /// Plans `annotation` into `planner`: its entry, or its problem.
    func add(_ annotation: COCOAnnotation, file: COCOFile, to planner: inout PixelBoxPlanner) {
        switch plan(annotation, file: file) {
        case .success(let (image, size, name, box, id)):
            let output = planner.outputName(image: image, suffix: String(id))
            var shape: CropShape?
            var box = box
            if options.shapes, let segmentation = annotation.segmentation {
                switch segmentation.shape(over: size, pad: options.pad) {
                case .success(let found):
                    shape = found
                    // The crop holds the whole shape, whatever the (maybe tighter) bbox says.
                    let bounds = found.bounds(width: size.width, height: size.height)
                    box = CGRect(
                        x: bounds.minX * Double(size.width), y: bounds.minY * Double(size.height),
                        width: bounds.width * Double(size.width), height: bounds.height * Double(size.height))
                case .failure(let message):
                    planner.fail(
                        BatchProblem(
                            annotations, line: annotation.line, field: "segmentation",
                            "annotation \(id): \(message.text)"))
                    return
                }
            }
            planner.add(
                image: image, box: box, size: size, name: name, id: annotation.categoryID, output: output,
                file: annotations, line: annotation.line, shape: shape,
                annotation: annotation.imageID.map { AnnotationID(id: id, image: $0) })
        case .failure(let problem):
            planner.fail(problem)
        }
    }

    /// The image path, its annotated size, the category name, the pixel box and the id of one annotation.
    func plan(
        _ annotation: COCOAnnotation, file: COCOFile
    ) -> Result<(String, AnnotatedSize, String, CGRect, Int), BatchProblem> {
        let fail = { (field: String, message: String) in
            Result<(String, AnnotatedSize, String, CGRect, Int), BatchProblem>.failure(
                BatchProblem(annotations, line: annotation.line, field: field, message))
        }
        guard let id = annotation.id else { return fail("annotations", "an annotation without an id") }
        guard let box = annotation.bbox else {
            return fail("bbox", "annotation \(id): expected bbox [x, y, width, height]")
        }
        guard let imageID = annotation.imageID, let image = file.images[imageID] else {
            return fail(
                "image_id", "annotation \(id): no image with id \(annotation.imageID.map(String.init) ?? "(none)")")
        }
        guard let categoryID = annotation.categoryID, let category = file.categories[categoryID] else {
            return fail(
                "category_id",
                "annotation \(id): no category with id \(annotation.categoryID.map(String.init) ?? "(none)")")
        }
        guard let name = image.fileName, Self.isInside(name) else {
            return fail("file_name", "image \(imageID): file_name must be a relative path inside --images")
        }
        guard let width = image.width, let height = image.height, width > 0, height > 0 else {
            return fail("images", "image \(imageID) has no width and height")
        }
        return .success(
            (
                (images as NSString).appendingPathComponent(name), AnnotatedSize(width: width, height: height),
                category.name, box, id
            ))
    }

    /// Whether a `file_name` stays inside the image folder (relative, no `..` part).
    package static func isInside(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
    }
}
