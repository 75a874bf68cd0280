import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// `--yolo`, `--coco` and `--voc` with their options, read into the dataset's reader.
enum CropDatasets {
    /// The source of the dataset `door` (`yolo`, `labels`, `coco` or `voc`, from `CropDoors`,
    /// whose table has refused the options that do not go with it); its entries carry their
    /// shapes when `shapes` (`--oriented upright`, `--mask`), and are named in `format` when given.
    static func source(
        _ parsed: ParsedCommand, door: String, shapes: Bool, format: OutputFormat?
    ) throws(UsageError) -> CropSource {
        let flag = door == "labels" ? "--yolo" : "--\(door)"
        let option = door == "coco" ? CropOptions.coco : door == "voc" ? CropOptions.voc : CropOptions.yolo
        let path = parsed.text(option) ?? ""
        try parsed.refusePositionals(with: flag)
        _ = try parsed.required(OutputOptions.outDir, for: flag)
        let only = parsed.text(CropOptions.only).map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        if let only, only.contains("") {
            throw parsed.error("--only '\(parsed.text(CropOptions.only) ?? "")': an empty class name")
        }
        let options = DatasetOptions(
            pad: try parsed.value(CropOptions.pad, default: 0), square: parsed.flag(CropOptions.square),
            strict: parsed.flag(CropOptions.strict), only: only, writes: { OutputFormat(extension: $0) != nil },
            shapes: shapes, outputFormat: format?.fileExtension)
        switch door {
        case "yolo", "labels":
            let layout: YOLOReader.Layout =
                door == "yolo"
                ? .dataset(path)
                : .flat(
                    labels: path, images: try parsed.required(CropOptions.images, for: "--yolo"),
                    classes: parsed.text(CropOptions.classes))
            let reader = YOLOReader(
                layout: layout, options: options, splits: try splitList(parsed),
                datasetsDir: parsed.text(CropOptions.datasetsDir))
            return .dataset { (outDir, warn) throws(BatchProblem) in try reader.entries(outDir: outDir, warn: warn) }
        case "coco":
            let images = try parsed.required(CropOptions.images, for: flag)
            let reader = COCOReader(annotations: path, images: images, options: options)
            return .dataset { (outDir, warn) throws(BatchProblem) in try reader.entries(outDir: outDir, warn: warn) }
        default:
            let images = try parsed.required(CropOptions.images, for: flag)
            let reader = VOCReader(
                annotations: path, images: images, options: options,
                skipDifficult: parsed.flag(CropOptions.skipDifficult))
            return .dataset { (outDir, warn) throws(BatchProblem) in try reader.entries(outDir: outDir, warn: warn) }
        }
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
}
