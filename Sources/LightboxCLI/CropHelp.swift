/// The long help of `lightbox crop`: rect rules, names, batch sources and exit codes.
enum CropHelp {
    /// The text after the options in `lightbox crop --help`.
    static let discussion = """
        RECTS:
          x,y,width,height over the image as displayed (EXIF orientation applied),
          each from 0 to 1. Edges become pixels: left = (x*W).rounded() and
          right = ((x+width)*W).rounded(), half away from zero, so neighbouring
          rects tile exactly. A rect partly outside is clipped with a warning;
          one outside the image, or with NaN, is an error.

        OUTPUT NAMES:
          -o takes a template: {stem} and {ext} of the input, {n} the rect's
          number from 1. With several rects or inputs each output needs its own
          name.

        BATCHES:
          --manifest reads CSV (header input,x,y,width,height[,output]) or JSON
          Lines ({"input":..,"rect":..,"output":..}; a rect is "x,y,w,h",
          {"x":..,"y":..,"width":..,"height":..} or [[x,y],[w,h]]). Inputs are
          relative to the manifest, outputs to --out-dir (default
          {stem}-{n}.{ext}). --yolo writes DIR/<class>/<stem>_<n>.<ext>.
          A bad item is reported with its file and line and the batch goes on;
          the end prints "N done, M failed, K skipped".

        \(ExitCode.helpText)
        """

    /// The examples at the end of `lightbox crop --help`.
    static let examples = [
        "lightbox crop photo.jpg --rect 0.1,0.2,0.5,0.6 -o crop.jpg",
        "lightbox crop a.jpg b.png --rect 0,0,0.5,1 --rect 0.5,0,0.5,1 -o 'halves/{stem}-{n}.webp'",
        "lightbox crop --manifest crops.csv --out-dir crops --jobs 2 --report report.jsonl --resume",
        "lightbox crop --yolo labels --images images --classes data.yaml --out-dir boxes --pad 0.1",
    ]
}
