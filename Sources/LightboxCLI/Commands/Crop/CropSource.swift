import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// Where `lightbox crop` takes its crops from: rects on the command line, a manifest or a dataset.
enum CropSource: Sendable {
    /// `INPUT... --rect ... -o TEMPLATE`.
    case rects(inputs: [String], rects: [CGRect], template: OutputTemplate)
    /// `INPUT... --rect ... --units px -o TEMPLATE`: rects in pixels of each displayed input.
    case pixelRects(inputs: [String], rects: [CGRect], template: OutputTemplate, strict: Bool)
    /// `--manifest FILE --out-dir DIR`; `strict` refuses rects partly outside the image;
    /// `pixels` reads the rects in pixels of the displayed image (`--units px`).
    case manifest(path: String, outDir: String, strict: Bool, pixels: Bool)
    /// `--yolo LABELS --images IMAGES --out-dir DIR`.
    case yolo(YOLOReader, outDir: String)
    /// `--coco INSTANCES.json --images IMAGES --out-dir DIR`.
    case coco(COCOReader, outDir: String)
    /// `--voc ANNOTATIONS --images IMAGES --out-dir DIR`.
    case voc(VOCReader, outDir: String)

    /// Whether this is a batch source (manifest or YOLO), which prints a summary and makes folders.
    var isBatch: Bool {
        switch self {
        case .rects, .pixelRects: return false
        default: break
        }
        return true
    }

    /// Whether this is a dataset (YOLO, COCO, VOC), whose contact sheet labels name the class and box.
    var isDataset: Bool {
        switch self {
        case .yolo, .coco, .voc: return true
        default: return false
        }
    }

    /// The crops asked for, and the problems of items that cannot even be planned; `warn`
    /// takes warnings about items that are still done (a clipped manifest rect).
    func entries(
        warn: (String) -> Void = { _ in }
    ) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        switch self {
        case .rects(let inputs, let rects, let template):
            let entries = inputs.flatMap { input in
                rects.enumerated().map { index, rect in
                    CropEntry(
                        input: input,
                        item: Cropper.Item(rect: rect, output: template.path(input: input, number: index + 1)),
                        origin: "")
                }
            }
            return (entries, [])
        case .pixelRects(let inputs, let rects, let template, let strict):
            return CropSource.pixelEntries(inputs: inputs, rects: rects, template: template, strict: strict, warn: warn)
        case .manifest(let path, let outDir, let strict, let pixels):
            return try CropSource.manifestEntries(
                path: path, outDir: outDir, strict: strict, pixels: pixels ? PixelRects() : nil, warn: warn)
        case .yolo(let reader, let outDir):
            return try reader.entries(outDir: outDir, warn: warn)
        case .coco(let reader, let outDir):
            return try reader.entries(outDir: outDir)
        case .voc(let reader, let outDir):
            return try reader.entries(outDir: outDir)
        }
    }

    /// Manifest lines as entries: rects checked (a clipped one warned about), default names
    /// `{dir}/{stem}-{n}.{ext}` with the input's folder relative to the manifest, duplicates refused.
    private static func manifestEntries(
        path: String, outDir: String, strict: Bool, pixels: PixelRects?, warn: (String) -> Void
    ) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
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
                let checked: CropRect.Checked
                do {
                    checked = try CropRect.check(try rect(of: entry, pixels: pixels), strict: strict)
                } catch let problem as BatchProblem {
                    problems.append(BatchProblem(path, line: entry.line, field: "rect", problem.message))
                    continue
                } catch {
                    problems.append(BatchProblem(path, line: entry.line, field: "rect", String(describing: error)))
                    continue
                }
                if checked.wasClipped {
                    let clipped =
                        pixels?.clippedText(checked.rect, input: entry.input)
                        ?? "clipped to \(CropOptions.describe(checked.rect))"
                    warn("\(path):\(entry.line): rect partly outside the image; \(clipped)")
                }
                let name =
                    entry.output
                    ?? OutputTemplate("{dir}/{stem}-{n}.{ext}").path(
                        input: entry.input, number: counts[entry.input] ?? 1,
                        dir: folder(of: entry.input, manifest: path))
                let output: String
                switch OutputFolder(outDir).place(name) {
                case .success(let placed): output = placed
                case .failure(let escape):
                    problems.append(BatchProblem(path, line: entry.line, escape.description))
                    continue
                }
                if let first = claimed[output] {
                    problems.append(
                        BatchProblem(
                            path, line: entry.line, field: "output",
                            "'\(output)' is already the output of line \(first)"))
                    continue
                }
                claimed[output] = entry.line
                var planned = CropEntry(
                    input: entry.input, item: Cropper.Item(rect: checked.rect, output: output),
                    origin: "\(path):\(entry.line)")
                planned.clipped = checked.wasClipped
                entries.append(planned)
            }
        }
        return (entries, problems)
    }

    /// The folder of `input` relative to the manifest's folder; empty when it is that folder or outside it.
    static func folder(of input: String, manifest: String) -> String {
        let base = (OutputTemplate.folder(of: manifest) as NSString).standardizingPath
        let folder = (OutputTemplate.folder(of: input) as NSString).standardizingPath
        let prefix = base.isEmpty || base == "." ? "" : base + "/"
        guard folder != base,
            prefix.isEmpty ? !folder.hasPrefix("/") && !folder.hasPrefix("..") : folder.hasPrefix(prefix)
        else { return "" }
        return String(folder.dropFirst(prefix.count))
    }

    /// A manifest rect, normalized: in pixels with `--units px`, else as written (refused with
    /// a hint when it looks like pixels).
    private static func rect(of entry: ManifestEntry, pixels: PixelRects?) throws(BatchProblem) -> CGRect {
        guard let pixels else {
            if PixelRects.looksLikePixels(entry.rect) {
                throw BatchProblem("", PixelRects.hint(CropOptions.describe(entry.rect)))
            }
            return entry.rect
        }
        switch pixels.normalized(entry.rect, input: entry.input) {
        case .success(let rect): return rect
        case .failure(let error): throw BatchProblem("", "\(entry.input): \(error.reason)")
        }
    }

    /// `--units px` rects as entries: each input's displayed size read once, each rect checked.
    private static func pixelEntries(
        inputs: [String], rects: [CGRect], template: OutputTemplate, strict: Bool, warn: (String) -> Void
    ) -> (entries: [CropEntry], problems: [BatchProblem]) {
        let pixels = PixelRects()
        var entries: [CropEntry] = []
        var problems: [BatchProblem] = []
        for input in inputs {
            for (index, rect) in rects.enumerated() {
                let label = "--rect \(index + 1) '\(CropOptions.describe(rect))'"
                do {
                    let checked = try CropRect.check(try pixels.normalized(rect, input: input).get(), strict: strict)
                    if checked.wasClipped {
                        warn(
                            "\(input): \(label) is partly outside the image; \(pixels.clippedText(checked.rect, input: input))"
                        )
                    }
                    entries.append(
                        CropEntry(
                            input: input,
                            item: Cropper.Item(
                                rect: checked.rect, output: template.path(input: input, number: index + 1)), origin: "")
                    )
                } catch let error as RenderError {
                    problems.append(BatchProblem(input, "\(label): \(error.reason)"))
                } catch {
                    problems.append(BatchProblem(input, "\(label): \(error)"))
                }
            }
        }
        return (entries, problems)
    }
}
