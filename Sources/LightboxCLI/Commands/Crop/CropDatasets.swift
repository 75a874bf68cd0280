import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// A dataset door of `lightbox crop` (`DatasetFormat`) read into its source: the options every
/// format shares, then the format's own reader.
enum CropDatasets {
    /// The source of the dataset `door` (from `CropDoors`, whose table has refused the options
    /// that do not go with it); its entries carry their shapes when `shapes` (`--oriented
    /// upright`, `--mask`), and are named in `format` when given.
    static func source(
        _ parsed: ParsedCommand, door: String, shapes: Bool, format: OutputFormat?
    ) throws(UsageError) -> CropSource {
        guard let dataset = DatasetFormat.of(door: door) else { preconditionFailure("no dataset door \(door)") }
        let flag = "--\(dataset.option.spec.long)"
        let path = parsed.text(dataset.option) ?? ""
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
        return try dataset.source(parsed, door, path, options)
    }

    /// Whether the command line names a dataset (its contact sheet labels name the class and box).
    static func isDataset(_ parsed: ParsedCommand) -> Bool {
        DatasetFormat.all.contains { parsed.has($0.option) }
    }
}
