import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// The options of `lightbox crop`, each declared once with its type; `declared` lists them in help order.
extension CropOptions {
    /// `--rect x,y,w,h`, repeatable.
    static let rect = Option<CGRect>(
        "rect", valueName: "x,y,w,h", help: "A normalized rect to crop; repeat for more.", repeated: true)
    /// `--units fraction|px`.
    static let units = Option<RectUnits>(
        "units", valueName: "u", help: "fraction (default: 0 to 1) or px (pixels of the displayed image) for rects.")
    /// `--yolo data.yaml|labels`.
    static let yolo = Option<String>(
        "yolo", valueName: "data.yaml|labels",
        help: "Crop every box of an Ultralytics dataset, or of YOLO label files.")
    /// `--coco instances.json`.
    static let coco = Option<String>(
        "coco", valueName: "instances.json", help: "Crop every bbox of a COCO instances file (crowd boxes too).")
    /// `--voc annotations`.
    static let voc = Option<String>(
        "voc", valueName: "annotations", help: "Crop every object of Pascal VOC XML files (a folder or one file).")
    /// `--images dir`.
    static let images = Option<String>(
        "images", valueName: "dir", help: "With --coco, --voc or --yolo LABELS: the image folder.")
    /// `--classes file`.
    static let classes = Option<String>(
        "classes", valueName: "file", help: "With --yolo LABELS: class names (data.yaml or one per line).")
    /// `--only names`.
    static let only = Option<String>(
        "only", valueName: "names",
        help:
            "With a dataset: crop only these classes, by name or id (comma-separated); a class without boxes is a warning, a filter matching no box an error."
    )
    /// `--splits names`.
    static let splits = Option<String>(
        "splits", valueName: "names",
        help: "With --yolo data.yaml: read only these splits (train, val or valid, test); each must be in the file.")
    /// `--datasets-dir dir`.
    static let datasetsDir = Option<String>(
        "datasets-dir", valueName: "dir",
        help: "With --yolo data.yaml: Ultralytics' datasets_dir, where a relative 'path' (coco8) may be.")
    /// `--skip-difficult`.
    static let skipDifficult = Flag(
        "skip-difficult",
        help: "With --voc: leave out objects marked <difficult>1</difficult>, as Ultralytics' VOC conversion does.")
    /// `--pad f`.
    static let pad = Option<Double>(
        "pad", valueName: "f", help: "With a dataset: move each side out by f times the box's size.", in: 0...10)
    /// `--square`.
    static let square = Flag(
        "square",
        help:
            "Square crops in pixels (a manifest line's default), the short side grown about the rect's centre and moved inside; shrunk, and \"clipped\": true, only when the image is smaller."
    )
    /// `--min-side s`.
    static let minSide = Option<CropRect.MinimumSide>(
        "min-side", valueName: "s", help: "Reject a rect with a side under s (a fraction, or pixels as 32px).")
    /// `--strict`.
    static let strict = Flag("strict", help: "Treat a rect partly outside the image as an error.")
    /// `--background colour`: the crops' one background, for their transparent pixels and a cut's outside.
    static let background = Option<BoardColor>(
        "background", valueName: "colour",
        help:
            "Flatten transparent pixels (and a --mask's outside) onto this colour, in every format (default: white, for JPEG and previews)."
    )
    /// `--preview template`.
    static let preview = Option<String>(
        "preview", valueName: "template",
        help: "Also write the input with the crop overlay, turned or outlined for a shape ({stem}, {n}).")
    /// `--contact-sheet file`.
    static let contactSheet = Option<String>(
        "contact-sheet", valueName: "file",
        help: "Write every preview in one grid image, cells apart, each labelled (#n file, or class #box file).")

    /// The three dataset sources, by the name their option has.
    static let datasets: [(name: String, option: Option<String>)] = [("yolo", yolo), ("coco", coco), ("voc", voc)]

    /// Every option of `crop`, in the order help lists them.
    static let declared: [any OptionDeclaration] =
        [
            rect, units, CropCutOptions.angle,
            OutputOptions.output.help("Output path or template ({stem}, {ext}, {n}, {dir})."),
            OutputOptions.manifest.help("Crop what a CSV or JSON Lines manifest lists."),
            yolo, coco, voc, images, classes, splits, datasetsDir, skipDifficult, only, pad, square,
        ] + CropCutOptions.declared + [
            background,
            OutputOptions.outDir.help("Where outputs go (made if missing); -o is taken relative to it."),
            OutputOptions.keepMetadata, OutputOptions.strip, OutputOptions.stripICC, minSide, strict,
            OutputOptions.force, preview, contactSheet, DeviceOptions.cropScreen,
            DeviceOptions.device.help("Previews: the crop screen of a device (see 'lightbox view --help')."),
            OutputOptions.dryRun, OutputOptions.json, OutputOptions.quiet,
        ] + ResizeOptions.declared + ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared
        + BatchOptions.declared
}
