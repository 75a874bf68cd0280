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
    /// `--images dir`, for the dataset doors that read their images from a folder.
    static let images = Option<String>(
        "images", valueName: "dir",
        help:
            "With \(DatasetFormat.either(DatasetFormat.all.flatMap(\.imageDoors).map(\.described))): the image folder."
    )
    /// `--only names`.
    static let only = Option<String>(
        "only", valueName: "names",
        help:
            "With a dataset: crop only these classes, by name or id (comma-separated); a class without boxes is a warning, a filter matching no box an error."
    )
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

    /// The dataset options, in the order help lists them: each format's, `--images`, each format's own.
    static let datasetOptions: [any OptionDeclaration] =
        DatasetFormat.all.map { $0.option as any OptionDeclaration } + [images]
        + DatasetFormat.all.flatMap { format in format.own.map(\.option) }

    /// Every option of `crop`, in the order help lists them.
    static let declared: [any OptionDeclaration] =
        [
            rect, units, CropCutOptions.angle,
            OutputOptions.output.help("Output path or template ({stem}, {ext}, {n}, {dir})."),
            OutputOptions.manifest.help("Crop what a CSV or JSON Lines manifest lists."),
        ] + datasetOptions + [only, pad, square] + CropCutOptions.declared + [
            background,
            OutputOptions.outDir.help("Where outputs go (made if missing); -o is taken relative to it."),
            OutputOptions.keepMetadata, OutputOptions.strip, OutputOptions.stripICC, minSide, strict,
            OutputOptions.force, preview, contactSheet, DeviceOptions.cropScreen,
            DeviceOptions.device.help("Previews: the crop screen of a device (see 'lightbox view --help')."),
            OutputOptions.dryRun, OutputOptions.json, OutputOptions.quiet,
        ] + ResizeOptions.declared + ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared
        + BatchOptions.declared
}
