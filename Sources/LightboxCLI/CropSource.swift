import Foundation
import LightboxGeometry
import LightboxRender

/// Where `lightbox crop` takes its crops from: rects on the command line, a manifest or a dataset.
enum CropSource: Sendable {
    /// `INPUT... --rect ... -o TEMPLATE`.
    case rects(inputs: [String], rects: [CGRect], template: OutputTemplate)
    /// `--manifest FILE --out-dir DIR`; `strict` refuses rects partly outside the image.
    case manifest(path: String, outDir: String, strict: Bool)
    /// `--yolo LABELS --images IMAGES --out-dir DIR`.
    case yolo(YOLOReader, outDir: String)
    /// `--coco INSTANCES.json --images IMAGES --out-dir DIR`.
    case coco(COCOReader, outDir: String)
    /// `--voc ANNOTATIONS --images IMAGES --out-dir DIR`.
    case voc(VOCReader, outDir: String)

    /// Whether this is a batch source (manifest or YOLO), which prints a summary and makes folders.
    var isBatch: Bool {
        if case .rects = self { return false }
        return true
    }

    /// The crops asked for, and the problems of items that cannot even be planned.
    func entries() throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        switch self {
        case .rects(let inputs, let rects, let template):
            let entries = inputs.flatMap { input in
                rects.enumerated().map { index, rect in
                    CropEntry(input: input, item: Cropper.Item(rect: rect, output: template.path(input: input, number: index + 1)), origin: "")
                }
            }
            return (entries, [])
        case .manifest(let path, let outDir, let strict):
            return try CropSource.manifestEntries(path: path, outDir: outDir, strict: strict)
        case .yolo(let reader, let outDir):
            return try reader.entries(outDir: outDir)
        case .coco(let reader, let outDir):
            return try reader.entries(outDir: outDir)
        case .voc(let reader, let outDir):
            return try reader.entries(outDir: outDir)
        }
    }

    /// Manifest lines as entries: rects checked, default names `{stem}-{n}.{ext}`, duplicates refused.
    private static func manifestEntries(path: String, outDir: String, strict: Bool) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        var entries: [CropEntry] = []
        var problems: [BatchProblem] = []
        var counts: [String: Int] = [:]
        var claimed: [String: Int] = [:]
        for line in try ManifestReader.read(path) {
            switch line {
            case .failure(let problem):
                problems.append(problem)
            case .success(let entry):
                counts[entry.input, default: 0] += 1
                let rect: CGRect
                do {
                    rect = try CropRect.check(entry.rect, strict: strict).rect
                } catch {
                    problems.append(BatchProblem(path, line: entry.line, field: "rect", error.description))
                    continue
                }
                let name = entry.output ?? OutputTemplate("{stem}-{n}.{ext}").path(input: entry.input, number: counts[entry.input] ?? 1)
                let output = name.hasPrefix("/") ? name : (outDir as NSString).appendingPathComponent(name)
                if let first = claimed[output] {
                    problems.append(BatchProblem(path, line: entry.line, field: "output", "'\(output)' is already the output of line \(first)"))
                    continue
                }
                claimed[output] = entry.line
                entries.append(CropEntry(input: entry.input, item: Cropper.Item(rect: rect, output: output), origin: "\(path):\(entry.line)"))
            }
        }
        return (entries, problems)
    }
}
