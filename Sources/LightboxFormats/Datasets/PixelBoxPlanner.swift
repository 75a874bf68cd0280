import Foundation
import LightboxGeometry

/// Turns pixel boxes (COCO, VOC) into crop entries `OUT/<class>/<name>`, normalized over the
/// annotation's image size; the frame that size means is settled when the image is opened.
package struct PixelBoxPlanner {
    /// The output folder.
    package let outDir: String
    /// Padding, squaring, strictness and the classes kept.
    package let options: DatasetOptions

    /// The crops planned so far.
    package private(set) var entries: [CropEntry] = []
    /// The bad boxes found so far.
    package private(set) var problems: [BatchProblem] = []
    private var claimed: [String: String] = [:]
    /// The outputs earlier chunks of a streamed dataset claimed, if it is streamed.
    private let earlier: OutputDigests?

    /// Makes a planner; `earlier` holds the outputs of the chunks planned before this one.
    package init(outDir: String, options: DatasetOptions, earlier: OutputDigests? = nil) {
        self.outDir = outDir
        self.options = options
        self.earlier = earlier
    }

    /// Plans the box `box` (pixels) of class `name` (numbered `id`, for COCO) on `image`, whose
    /// annotation says it is `size`, with its `shape` (normalized over `size`, as is the entry's
    /// rect) when there is one, and a COCO annotation's ids.
    package mutating func add(
        image: String, box: CGRect, size: AnnotatedSize, name: String, id: Int? = nil, output: String, file: String,
        line: Int, shape: CropShape? = nil, annotation: AnnotationID? = nil
    ) {
        guard options.keeps(name, id: id) else { return }
        guard box.width > 0, box.height > 0 else {
            problems.append(BatchProblem(file, line: line, field: "box", "the box \(Self.describe(box)) has no area"))
            return
        }
        let (width, height) = (Double(size.width), Double(size.height))
        let unit = CGRect(
            x: box.minX / width, y: box.minY / height, width: box.width / width, height: box.height / height)
        let padded = unit.insetBy(dx: -options.pad * unit.width, dy: -options.pad * unit.height)
        let rect: CGRect
        do {
            rect = try CropRect.check(padded, strict: options.strict).rect
        } catch {
            problems.append(
                BatchProblem(
                    file, line: line, field: "box",
                    "\(Self.describe(box)) in a \(size.text) image: \(error.description)"))
            return
        }
        let path = [outDir, name, output].joined(separator: "/")
        let origin = EntryOrigin(file: file, line: line, annotation: annotation)
        if let first = claimed[path] {
            problems.append(
                BatchProblem(file, line: line, field: "output", "'\(path)' is already the output of \(first)"))
            return
        }
        if let earlier, !earlier.insert(path) {
            problems.append(
                BatchProblem(file, line: line, field: "output", "'\(path)' is already the output of an earlier box"))
            return
        }
        claimed[path] = origin.description
        entries.append(
            CropEntry(
                input: image, rect: rect, output: path, square: options.square, origin: origin, annotatedSize: size,
                shape: shape))
    }

    /// A problem found by the reader, reported with the others.
    package mutating func fail(_ problem: BatchProblem) {
        problems.append(problem)
    }

    /// `x,y,width,height` in pixels, for messages.
    package static func describe(_ box: CGRect) -> String {
        NumberText.rect(box)
    }

    /// The output file name `<stem>_<suffix>.<ext>`, PNG for an input format Lightbox cannot write.
    package func outputName(image: String, suffix: String) -> String {
        let stem = ((image as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(stem)_\(suffix).\(options.outputExtension(of: image))"
    }
}
