import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// The long help of `lightbox crop`: rect rules, names, batch sources and exit codes.
enum CropHelp {
    /// The text after the options in `lightbox crop --help`.
    static let discussion = """
        RECTS:
          x,y,width,height over the image as displayed (EXIF orientation applied),
          each from 0 to 1. Edges become pixels: left = (x*W).rounded() and
          right = ((x+width)*W).rounded(), half away from zero, so neighbouring
          rects tile exactly. A rect partly outside is clipped with a warning;
          one outside the image, or with NaN, is an error. --units px reads
          --rect and manifest rects in pixels of the displayed image.
          --angle DEG turns every --rect DEG degrees counter-clockwise about
          its centre (as the app stores a turned rect): an oriented box.

        CUTS:
          An oriented box (a turned rect, a YOLO OBB line) is cut to the
          upright rect holding it (--oriented bounds), or as its own width x
          height turned level (--oriented upright; corner 1 to 2 is the top
          edge). --mask keeps only the inside of a polygon, an RLE mask or an
          oriented box: transparent outside in PNG, WebP, TIFF, AVIF, HEIC;
          --background (default white) in JPEG. --lossless cuts a JPEG into a
          JPEG without re-encoding: the rect grows to the file's 8 or 16 pixel
          blocks ("snapped": true in --json); a non-JPEG input is that item's
          error. A line may set angle, oriented, mask and lossless itself.

        OUTPUT NAMES:
          -o takes a template: {stem} and {ext} of the input, {n} the rect's
          number from 1, {dir} the input's folder relative to the working folder
          with its .. parts dropped (../in/a.jpg gives in). Outputs stay inside
          --out-dir (-o is relative to it), else inside the folder the template's
          fixed text names. With several rects or inputs each output needs its
          own name; any other {...} is an error. {ext} of an input Lightbox
          cannot write (bmp, jp2, pdf, svs...) is png.

        BATCHES:
          --manifest reads CSV (header input,x,y,width,height and the optional
          output,units,square,angle,oriented,mask,lossless) or JSON Lines
          ({"input":..,"rect":..,"output":..} and the same optional keys; a
          rect is "x,y,w,h", {"x":..,"y":..,"width":..,"height":..} or
          [[x,y],[w,h]]); an unknown column or key is an error. Flags are
          defaults a line may override. Inputs are
          relative to the manifest, outputs to --out-dir (default
          {dir}/{stem}-{n}.{ext}, {dir} the input's folder relative to the
          manifest). A clipped rect is warned about with its line and
          reported with "clipped": true. A bad item is reported with its file and line and
          the batch goes on; the end prints "N done, M failed, K skipped".
          --report is a journal: a JSON line per item as it ends, appended to
          by --resume, which skips outputs it recorded whole (or that decode
          whole), so a killed run loses only what was in flight.

        DATASETS:
        \(datasets)

        WHERE EACH OPTION APPLIES:
        \(whereEachOptionApplies)

        \(OutputLimit.helpText)

        \(ExitCode.helpText)
        """

    /// The examples at the end of `lightbox crop --help`: the command line's and a manifest's, then each dataset format's.
    static let examples =
        [
            "lightbox crop photo.jpg --rect 0.1,0.2,0.5,0.6 -o crop.jpg",
            "lightbox crop a.jpg b.png --rect 0,0,0.5,1 --rect 0.5,0,0.5,1 -o 'halves/{stem}-{n}.webp'",
            "lightbox crop --manifest crops.csv --out-dir crops --jobs 2 --report report.jsonl --resume",
            "lightbox crop photo.jpg --rect 0.2,0.3,0.5,0.2 --angle 15 --oriented upright -o label.png",
            "lightbox crop scan.jpg --rect 0.1,0.1,0.4,0.4 --lossless -o detail.jpg --json",
        ] + DatasetFormat.all.flatMap(\.examples)

    /// DATASETS: each format's paragraph, then what every format shares.
    private static let datasets = (DatasetFormat.all.map(\.help) + [datasetsShare]).map(paragraph)
        .joined(separator: "\n")

    /// What every dataset format shares, under DATASETS.
    private static let datasetsShare =
        "Pixel boxes are over the image as the annotator saw it: when the annotation's size is the stored size of "
        + "a turned photo (EXIF 5-8), or neither size, a warning says which frame was used. An input format "
        + "Lightbox cannot write (bmp, dng...) gives PNG crops. A class name that is empty, holds / or \\ or a "
        + "control character, or is . or .., stops the run before any crop. --only picks classes by name or id: a "
        + "class no box has is a warning and the rest is cut; a class the dataset does not name, or an --only that "
        + "no box matches at all, stops the run before any crop (exit 65). --format EXT names every crop's format "
        + "(a COCO dataset of HEICs into PNG)."

    /// WHERE EACH OPTION APPLIES, the dataset formats' doors and own options read from `DatasetFormat`.
    private static let whereEachOptionApplies: String = {
        let images = DatasetFormat.all.flatMap(\.imageDoors).map(\.described)
        // Each format's own options, those of the same doors together, in the order they are declared.
        let own = DatasetFormat.all.flatMap { format in
            var groups: [(doors: [String], options: [String])] = []
            for (option, doors) in format.own {
                let name = "--\(option.spec.long)"
                if let index = groups.firstIndex(where: { $0.doors == doors }) {
                    groups[index].options.append(name)
                } else {
                    groups.append((doors, [name]))
                }
            }
            return groups.map { doors, options in
                let named = options.dropLast().joined(separator: ", ") + (options.count > 1 ? " and " : "")
                let described = format.doors.filter { doors.contains($0.name) }.map(\.described)
                return named + (options.last ?? "") + " with " + DatasetFormat.either(described)
            }
        }
        let boxes = DatasetFormat.all.filter { $0.shapes == nil }.flatMap(\.doors).map(\.described)
        let have = boxes.count == 1 ? "it has" : "they have"
        let boxesOnly =
            boxes.isEmpty ? "" : " (and are refused with \(boxes.joined(separator: " and ")): \(have) boxes only)"
        let text =
            "An option either applies or is refused (exit 64), never ignored: --rect and -o go with rects on the "
            + "command line; --units and --angle with them or a manifest; --only and --pad with a dataset; --images "
            + "with \(DatasetFormat.either(images)); \(own.joined(separator: "; ")). --oriented and --mask need --angle "
            + "on the command line\(boxesOnly); --screen and --device need --preview or --contact-sheet; --fit needs "
            + "--resize, --pad-colour --fit contain. --format goes with -o -, {ext} or a name without an extension, "
            + "and with a manifest or dataset. The rest go everywhere."
        return paragraph(text)
    }()

    /// `text` filled into lines indented two spaces, as the rest of the discussion is.
    private static func paragraph(_ text: String) -> String {
        TextLayout.wrap(text, prefix: "  ", continuation: "  ").joined(separator: "\n")
    }
}
