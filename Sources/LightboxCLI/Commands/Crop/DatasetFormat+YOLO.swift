import Foundation
import LightboxArguments
import LightboxFormats
import LightboxJobs

/// `--yolo data.yaml` (an Ultralytics dataset) and `--yolo LABELS --images IMAGES` (bare label files).
extension DatasetFormat {
    /// `--yolo data.yaml|labels`.
    static let yoloOption = Option<String>(
        "yolo", valueName: "data.yaml|labels",
        help: "Crop every box of an Ultralytics dataset, or of YOLO label files.")
    /// `--classes file`.
    static let classes = Option<String>(
        "classes", valueName: "file", help: "With --yolo LABELS: class names (data.yaml or one per line).")
    /// `--splits names`.
    static let splits = Option<String>(
        "splits", valueName: "names",
        help: "With --yolo data.yaml: read only these splits (train, val or valid, test); each must be in the file.")
    /// `--datasets-dir dir`.
    static let datasetsDir = Option<String>(
        "datasets-dir", valueName: "dir",
        help: "With --yolo data.yaml: Ultralytics' datasets_dir, where a relative 'path' (coco8) may be.")

    /// The format.
    static let yolo = DatasetFormat(
        option: yoloOption, doors: [("yolo", "--yolo data.yaml"), ("labels", "--yolo LABELS")],
        door: { ["yaml", "yml"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) ? "yolo" : "labels" },
        images: ["labels"], own: [(classes, ["labels"]), (splits, ["yolo"]), (datasetsDir, ["yolo"])],
        shapes: "YOLO OBB and segment lines",
        help:
            "--yolo data.yaml reads an Ultralytics dataset (path, train/val/test, names) into "
            + "DIR/<split>/<class>/<stem>_<n>.<ext>; --yolo LABELS --images IMAGES reads label files. Lines are boxes, "
            + "segmentation polygons or oriented boxes (cut to their bounding box, or with --oriented upright and "
            + "--mask as above; --pad and --square then apply in an oriented box's own frame). --splits takes valid "
            + "or validation for val.",
        examples: [
            "lightbox crop --yolo data.yaml --out-dir boxes --pad 0.1 --only person,car",
            "lightbox crop --yolo dota.yaml --out-dir ships --oriented upright --pad 0.05",
        ],
        source: { parsed, door, path, options throws(UsageError) in
            let layout: YOLOReader.Layout =
                door == "yolo"
                ? .dataset(path)
                : .flat(
                    labels: path, images: try parsed.required(CropOptions.images, for: "--yolo"),
                    classes: parsed.text(classes))
            let reader = YOLOReader(
                layout: layout, options: options, splits: try splitList(parsed),
                datasetsDir: parsed.text(datasetsDir))
            return .dataset { (outDir, warn) throws(BatchProblem) in
                let (entries, problems) = try reader.entries(outDir: outDir, warn: warn)
                return WholeDataset(entries, problems: problems)
            }
        })

    /// `--splits train,val`: split names of a data.yaml, each one of train, val (or `valid`,
    /// `validation`, as Roboflow and others call it) and test.
    private static func splitList(_ parsed: ParsedCommand) throws(UsageError) -> [String]? {
        guard let text = parsed.text(splits) else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            let name = $0.trimmingCharacters(in: .whitespaces)
            return YOLODataset.splitAliases[name.lowercased()] ?? name
        }
        if let bad = names.first(where: { !YOLODataset.splits.contains($0) }) {
            let known = YOLODataset.splits + YOLODataset.splitAliases.keys.sorted()
            let hint = NearestName.to(bad.lowercased(), among: known).map { "did you mean '\($0)'? " } ?? ""
            throw parsed.error("--splits '\(text)': '\(bad)' is not a split (\(hint)use train, val or valid, test)")
        }
        return names
    }
}
