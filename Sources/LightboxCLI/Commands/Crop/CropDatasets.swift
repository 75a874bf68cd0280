import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// `--yolo`, `--coco` and `--voc` with their options, read into the dataset's reader.
enum CropDatasets {
    /// The dataset source the command line names, or nil when it names none; its entries carry
    /// their shapes when `shapes` (`--oriented upright`, `--mask`).
    static func source(_ parsed: ParsedCommand, shapes: Bool) throws(UsageError) -> CropSource? {
        let formats = CropOptions.datasets.filter { parsed.has($0.option) }
        guard let (format, option) = formats.first else {
            try parsed.refuse(
                [
                    CropOptions.pad, CropOptions.square, CropOptions.only, CropOptions.images, CropOptions.classes,
                    CropOptions.splits, CropOptions.datasetsDir, CropOptions.skipDifficult,
                ],
                with: "rects on the command line (they need --yolo, --coco or --voc)")
            return nil
        }
        guard formats.count == 1 else { throw parsed.error("--\(format) does not go with --\(formats[1].name)") }
        let path = parsed.text(option) ?? ""
        if format != "voc" { try parsed.refuse([CropOptions.skipDifficult], with: "--\(format)") }
        try parsed.refuse(
            [CropOptions.rect, OutputOptions.output, CropOptions.units, CropCutOptions.angle], with: "--\(format)")
        try parsed.refusePositionals(with: "--\(format)")
        _ = try parsed.required(OutputOptions.outDir, for: "--\(format)")
        let only = parsed.text(CropOptions.only).map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        if let only, only.contains("") {
            throw parsed.error("--only '\(parsed.text(CropOptions.only) ?? "")': an empty class name")
        }
        let options = DatasetOptions(
            pad: try parsed.value(CropOptions.pad, default: 0), square: parsed.flag(CropOptions.square),
            strict: parsed.flag(CropOptions.strict), only: only, writes: { OutputFormat(extension: $0) != nil },
            shapes: shapes)
        if format == "yolo" {
            let reader = YOLOReader(
                layout: try yoloLayout(path, parsed), options: options, splits: try splitList(parsed),
                datasetsDir: parsed.text(CropOptions.datasetsDir))
            return .dataset { (outDir, warn) throws(BatchProblem) in try reader.entries(outDir: outDir, warn: warn) }
        }
        try parsed.refuse([CropOptions.splits, CropOptions.datasetsDir], with: "--\(format)")
        try parsed.refuse([CropOptions.classes], with: "--\(format) (it names its classes)")
        let images = try parsed.required(CropOptions.images, for: "--\(format)")
        if format == "coco" {
            let reader = COCOReader(annotations: path, images: images, options: options)
            return .dataset { (outDir, warn) throws(BatchProblem) in try reader.entries(outDir: outDir, warn: warn) }
        }
        let reader = VOCReader(
            annotations: path, images: images, options: options, skipDifficult: parsed.flag(CropOptions.skipDifficult))
        return .dataset { (outDir, warn) throws(BatchProblem) in try reader.entries(outDir: outDir, warn: warn) }
    }

    /// Whether the command line names a dataset (its contact sheet labels name the class and box).
    static func isDataset(_ parsed: ParsedCommand) -> Bool {
        CropOptions.datasets.contains { parsed.has($0.option) }
    }

    /// `--splits train,val`: split names of a data.yaml, each one of train, val (or `valid`,
    /// `validation`, as Roboflow and others call it) and test.
    private static func splitList(_ parsed: ParsedCommand) throws(UsageError) -> [String]? {
        guard let text = parsed.text(CropOptions.splits) else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            let name = $0.trimmingCharacters(in: .whitespaces)
            return YOLODataset.splitAliases[name.lowercased()] ?? name
        }
        if let bad = names.first(where: { !YOLODataset.splits.contains($0) }) {
            throw parsed.error("--splits '\(text)': '\(bad)' is not a split (use train, val or valid, test)")
        }
        return names
    }

    /// `--yolo data.yaml` (which names images and classes), or label files with `--images`.
    private static func yoloLayout(_ path: String, _ parsed: ParsedCommand) throws(UsageError) -> YOLOReader.Layout {
        if ["yaml", "yml"].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
            try parsed.refuse(
                [CropOptions.images, CropOptions.classes], with: "--yolo data.yaml (it names the images and classes)")
            return .dataset(path)
        }
        try parsed.refuse(
            [CropOptions.splits, CropOptions.datasetsDir], with: "--yolo LABELS (they go with --yolo data.yaml)")
        return .flat(
            labels: path, images: try parsed.required(CropOptions.images, for: "--yolo"),
            classes: parsed.text(CropOptions.classes))
    }
}
