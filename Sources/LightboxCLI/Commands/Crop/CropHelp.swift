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
          --yolo data.yaml reads an Ultralytics dataset (path, train/val/test,
          names) into DIR/<split>/<class>/<stem>_<n>.<ext>; --yolo LABELS
          --images IMAGES reads label files. Lines are boxes, segmentation
          polygons or oriented boxes (cut to their bounding box, or with
          --oriented upright and --mask as above; --pad and --square then
          apply in an oriented box's own frame).
          --coco instances.json --images IMAGES writes DIR/<category>/
          <stem>_<annotation id>.<ext> (crowd boxes included; with --mask
          their segmentation polygons or RLE masks are kept); --voc
          ANNOTATIONS --images IMAGES writes DIR/<name>/<stem>_<n>.<ext>.
          Pixel boxes are over the image as the annotator saw it: when the
          annotation's size is the stored size of a turned photo (EXIF 5-8), or
          neither size, a warning says which frame was used. An input format
          Lightbox cannot write (bmp, dng...) gives PNG crops. A class name that
          is empty, holds / or \\ or a control character, or is . or .., stops
          the run before any crop. --only picks classes by name or id: a class
          no box has is a warning and the rest is cut; a class the dataset does
          not name, or an --only that no box matches at all, stops the run before
          any crop (exit 65). --format EXT names every crop's format (a COCO
          dataset of HEICs into PNG); --skip-difficult leaves out VOC's
          difficult objects; --splits takes valid or validation for val.

        WHERE EACH OPTION APPLIES:
          An option either applies or is refused (exit 64), never ignored:
          --rect and -o go with rects on the command line; --units and --angle
          with them or a manifest; --only and --pad with a dataset; --images
          with --yolo LABELS, --coco or --voc; --classes with --yolo LABELS;
          --splits and --datasets-dir with --yolo data.yaml; --skip-difficult
          with --voc. --oriented and --mask need --angle on the command line
          (and are refused with --voc: it has boxes only); --screen and --device
          need --preview or --contact-sheet; --fit needs --resize, --pad-colour
          --fit contain. --format goes with -o -, {ext} or a name without an
          extension, and with a manifest or dataset. The rest go everywhere.

        \(OutputLimit.helpText)

        \(ExitCode.helpText)
        """

    /// The examples at the end of `lightbox crop --help`.
    static let examples = [
        "lightbox crop photo.jpg --rect 0.1,0.2,0.5,0.6 -o crop.jpg",
        "lightbox crop a.jpg b.png --rect 0,0,0.5,1 --rect 0.5,0,0.5,1 -o 'halves/{stem}-{n}.webp'",
        "lightbox crop --manifest crops.csv --out-dir crops --jobs 2 --report report.jsonl --resume",
        "lightbox crop --yolo data.yaml --out-dir boxes --pad 0.1 --only person,car",
        "lightbox crop --coco instances_val2017.json --images val2017 --out-dir boxes --square",
        "lightbox crop --yolo dota.yaml --out-dir ships --oriented upright --pad 0.05",
        "lightbox crop --coco instances.json --images val2017 --out-dir cutouts --mask",
        "lightbox crop photo.jpg --rect 0.2,0.3,0.5,0.2 --angle 15 --oriented upright -o label.png",
        "lightbox crop scan.jpg --rect 0.1,0.1,0.4,0.4 --lossless -o detail.jpg --json",
        "lightbox crop --voc VOC2012/Annotations --images VOC2012/JPEGImages --out-dir boxes",
    ]
}
