import LightboxArguments
import LightboxFormats
import LightboxJobs

/// `--coco instances.json --images IMAGES`: a COCO instances file, streamed.
extension DatasetFormat {
    /// `--coco instances.json`.
    static let cocoOption = Option<String>(
        "coco", valueName: "instances.json", help: "Crop every bbox of a COCO instances file (crowd boxes too).")

    /// The format.
    static let coco = DatasetFormat(
        option: cocoOption, doors: [("coco", "--coco")], images: ["coco"], shapes: "COCO segmentations",
        help:
            "--coco instances.json --images IMAGES writes DIR/<category>/<stem>_<annotation id>.<ext> (crowd boxes "
            + "included; with --mask their segmentation polygons or RLE masks are kept).",
        examples: [
            "lightbox crop --coco instances_val2017.json --images val2017 --out-dir boxes --square",
            "lightbox crop --coco instances.json --images val2017 --out-dir cutouts --mask",
        ],
        source: { parsed, _, path, options throws(UsageError) in
            let reader = COCOReader(
                annotations: path, images: try parsed.required(CropOptions.images, for: "--coco"), options: options)
            return .dataset { (outDir, warn) throws(BatchProblem) in try reader.stream(outDir: outDir, warn: warn) }
        })
}
