import LightboxArguments
import LightboxFormats
import LightboxJobs

/// `--voc ANNOTATIONS --images IMAGES`: Pascal VOC XML files, boxes only.
extension DatasetFormat {
    /// `--voc annotations`.
    static let vocOption = Option<String>(
        "voc", valueName: "annotations", help: "Crop every object of Pascal VOC XML files (a folder or one file).")
    /// `--skip-difficult`.
    static let skipDifficult = Flag(
        "skip-difficult",
        help: "With --voc: leave out objects marked <difficult>1</difficult>, as Ultralytics' VOC conversion does.")

    /// The format.
    static let voc = DatasetFormat(
        option: vocOption, doors: [("voc", "--voc")], images: ["voc"], own: [(skipDifficult, ["voc"])], shapes: nil,
        help:
            "--voc ANNOTATIONS --images IMAGES writes DIR/<name>/<stem>_<n>.<ext>; --skip-difficult leaves out "
            + "VOC's difficult objects.",
        examples: ["lightbox crop --voc VOC2012/Annotations --images VOC2012/JPEGImages --out-dir boxes"],
        source: { parsed, _, path, options throws(UsageError) in
            let reader = VOCReader(
                annotations: path, images: try parsed.required(CropOptions.images, for: "--voc"), options: options,
                skipDifficult: parsed.flag(skipDifficult))
            return .dataset { (outDir, warn) throws(BatchProblem) in
                let (entries, problems) = try reader.entries(outDir: outDir, warn: warn)
                return WholeDataset(entries, problems: problems)
            }
        })
}
