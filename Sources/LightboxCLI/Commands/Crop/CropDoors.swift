import Foundation
import LightboxArguments
import LightboxJobs

/// Where each option of `lightbox crop` applies: rects on the command line, a manifest, or one of
/// the dataset formats. Every option is here; one given where it does not apply is refused
/// before any work (docs/crop.md, "Where each option applies").
enum CropDoors {
    /// The door of `parsed`: the source it names.
    static func door(of parsed: ParsedCommand) -> String {
        if parsed.has(OutputOptions.manifest) { return "manifest" }
        if let yolo = parsed.text(CropOptions.yolo) {
            return ["yaml", "yml"].contains(URL(fileURLWithPath: yolo).pathExtension.lowercased()) ? "yolo" : "labels"
        }
        return CropOptions.datasets.first { parsed.has($0.option) }?.name ?? "rects"
    }

    /// Every dataset door.
    private static let datasets = ["yolo", "labels", "coco", "voc"]
    /// Why a second source is refused.
    private static let oneSource = "a run reads one source"
    /// What `--oriented` and `--mask` cut, for their messages.
    private static let shapes =
        "it cuts oriented boxes, polygons and masks: --angle, YOLO OBB and segment lines, COCO segmentations"

    /// The table.
    static let table = OptionDoors(
        doors: [
            .init("rects", described: "rects on the command line"), .init("manifest", described: "--manifest"),
            .init("yolo", described: "--yolo data.yaml"), .init("labels", described: "--yolo LABELS"),
            .init("coco", described: "--coco"), .init("voc", described: "--voc"),
        ],
        rules: [
            (CropOptions.rect, .only("rects")), (CropOptions.units, .only("rects", "manifest")),
            (CropCutOptions.angle, .only("rects", "manifest")), (OutputOptions.output, .only("rects")),
            (OutputOptions.manifest, .only("manifest", note: oneSource)),
            (CropOptions.yolo, .only("yolo", "labels", note: oneSource)),
            (CropOptions.coco, .only("coco", note: oneSource)), (CropOptions.voc, .only("voc", note: oneSource)),
            (CropOptions.images, .only("labels", "coco", "voc")), (CropOptions.classes, .only("labels")),
            (CropOptions.splits, .only("yolo")), (CropOptions.datasetsDir, .only("yolo")),
            (CropOptions.skipDifficult, .only("voc")),
            (CropOptions.only, .only(datasets)), (CropOptions.pad, .only(datasets)),
            (CropOptions.square, .everywhere),
            (CropCutOptions.oriented, shaped), (CropCutOptions.mask, shaped),
            (CropCutOptions.lossless, .everywhere), (CropOptions.background, .everywhere),
            (OutputOptions.outDir, .everywhere), (OutputOptions.keepMetadata, .everywhere),
            (OutputOptions.strip, .everywhere), (OutputOptions.stripICC, .everywhere),
            (CropOptions.minSide, .everywhere),
            (CropOptions.strict, .everywhere), (OutputOptions.force, .everywhere), (CropOptions.preview, .everywhere),
            (CropOptions.contactSheet, .everywhere),
            (DeviceOptions.cropScreen, .needs(previews, note: "it is the crop screen previews are drawn on")),
            (DeviceOptions.device, .needs(previews, note: "its screen is the crop screen previews are drawn on")),
            (OutputOptions.dryRun, .everywhere), (OutputOptions.json, .everywhere), (OutputOptions.quiet, .everywhere),
            (ResizeOptions.resize, .everywhere), (ResizeOptions.fit, .needs([.init(ResizeOptions.resize)])),
            (
                ResizeOptions.padColour,
                .needs([.init(ResizeOptions.fit, "contain")], note: "cover and fill leave no padding")
            ),
        ]
            + OptionDoors.everywhere(
                ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared + BatchOptions.declared),
        conflicts: RunConflicts.all + [
            .init(OutputOptions.stripICC, with: [.init(OutputOptions.strip)], note: "--strip drops the profile too"),
            .init(ReadWriteOptions.quality, with: [.init(CropCutOptions.lossless)], note: "it does not re-encode"),
            .init(
                DeviceOptions.device, with: [.init(DeviceOptions.cropScreen)],
                note: "--screen sets the whole crop screen, without safe areas"),
        ]
    )

    /// `--oriented` and `--mask`: a rect on the command line has a shape only with `--angle`, and
    /// VOC has boxes only, so there they would change nothing.
    private static let shaped = OptionDoors.Rule(
        ["rects": .needs([.init(CropCutOptions.angle)]), "voc": .refused], otherwise: .applies, note: shapes)

    /// `--preview` or `--contact-sheet`, which the crop screen's options need.
    private static let previews: [OptionDoors.Requirement] = [
        .init(CropOptions.preview), .init(CropOptions.contactSheet),
    ]
}
