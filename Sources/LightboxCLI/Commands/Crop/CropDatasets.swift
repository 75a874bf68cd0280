import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// `--yolo`, `--coco` and `--voc` with their options, read into the dataset's reader.
enum CropDatasets {
    /// The dataset source the command line names, or nil when it names none.
    static func source(_ parsed: ParsedCommand) throws(UsageError) -> CropSource? {
        let formats = CropOptions.datasets.filter { parsed.has($0.option) }
        guard let (format, option) = formats.first else {
            try parsed.refuse(
                [CropOptions.pad, CropOptions.square, CropOptions.only, CropOptions.images, CropOptions.classes],
                with: "rects on the command line (they need --yolo, --coco or --voc)")
            return nil
        }
        guard formats.count == 1 else { throw parsed.error("--\(format) does not go with --\(formats[1].name)") }
        let path = parsed.text(option) ?? ""
        try parsed.refuse([CropOptions.rect, OutputOptions.output, CropOptions.units], with: "--\(format)")
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
            strict: parsed.flag(CropOptions.strict), only: only, writes: { OutputFormat(extension: $0) != nil })
        if format == "yolo" {
            let reader = YOLOReader(layout: try yoloLayout(path, parsed), options: options)
            return .dataset { (outDir) throws(BatchProblem) in try reader.entries(outDir: outDir) }
        }
        try parsed.refuse([CropOptions.classes], with: "--\(format) (it names its classes)")
        let images = try parsed.required(CropOptions.images, for: "--\(format)")
        if format == "coco" {
            let reader = COCOReader(annotations: path, images: images, options: options)
            return .dataset { (outDir) throws(BatchProblem) in try reader.entries(outDir: outDir) }
        }
        let reader = VOCReader(annotations: path, images: images, options: options)
        return .dataset { (outDir) throws(BatchProblem) in try reader.entries(outDir: outDir) }
    }

    /// `--yolo data.yaml` (which names images and classes), or label files with `--images`.
    private static func yoloLayout(_ path: String, _ parsed: ParsedCommand) throws(UsageError) -> YOLOReader.Layout {
        if ["yaml", "yml"].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
            try parsed.refuse(
                [CropOptions.images, CropOptions.classes], with: "--yolo data.yaml (it names the images and classes)")
            return .dataset(path)
        }
        return .flat(
            labels: path, images: try parsed.required(CropOptions.images, for: "--yolo"),
            classes: parsed.text(CropOptions.classes))
    }
}
