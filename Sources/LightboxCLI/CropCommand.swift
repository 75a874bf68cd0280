import Foundation
import LightboxGeometry
import LightboxRender

/// `lightbox crop`: cuts normalized rects out of images, upright, into new files.
struct CropCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: "crop",
        abstract: "Crop images from normalized rects (0 to 1) over the upright image.",
        discussion: """
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

            \(ExitCode.helpText)
            """,
        arguments: [ArgumentSpec(name: "input", help: "Images to crop.", isRepeating: true)],
        options: [
            .repeated("rect", valueName: "x,y,w,h", help: "A normalized rect to crop; repeat for more.", required: true),
            .value("output", short: "o", valueName: "output", help: "Output path or template ({stem}, {ext}, {n}).", required: true),
            .value("quality", valueName: "q", help: "Quality 1-100 for JPEG, WebP, TIFF, AVIF and HEIC."),
            .flag("strip", help: "Drop EXIF, XMP and IPTC metadata (the ICC profile stays)."),
            .flag("strip-icc", help: "Drop the ICC colour profile."),
            .value("min-side", valueName: "s", help: "Reject a rect with a side under s (a fraction, or pixels as 32px)."),
            .flag("strict", help: "Treat a rect partly outside the image as an error."),
            .value("fail-on", valueName: "level", help: "Refuse damaged inputs at: none, truncated (default), error, warning."),
            .flag("force", help: "Replace existing outputs (never an input)."),
            .flag("dry-run", help: "Write nothing; print one JSON line per output."),
            .flag("json", help: "Print one JSON line per output after writing it."),
            .flag("quiet", short: "q", help: "Print no warnings."),
        ],
        examples: [
            "lightbox crop photo.jpg --rect 0.1,0.2,0.5,0.6 -o crop.jpg",
            "lightbox crop a.jpg b.png --rect 0,0,0.5,1 --rect 0.5,0,0.5,1 -o 'halves/{stem}-{n}.webp'",
        ]
    )

    let options: CropOptions

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        options = try CropOptions(parsed)
    }

    /// Crops every input, reporting each failure and going on; returns the exit code.
    func run(console: Console) -> Int32 {
        console.quiet = options.quiet
        for warning in options.warnings { console.warning(warning) }
        let cropper = Cropper(
            writer: AtomicWriter(options: options.save),
            minimumSide: options.minimumSide,
            failOn: options.failOn
        )
        var failed = 0
        for input in options.inputs {
            let items = options.rects.enumerated().map { index, rect in
                Cropper.Item(rect: rect, output: options.template.path(input: input, number: index + 1))
            }
            for outcome in cropper.run(input: input, items: items, dryRun: options.dryRun) {
                if let error = outcome.error {
                    failed += 1
                    console.error(error.description)
                } else if options.dryRun || options.json {
                    console.out(CropCommand.json(outcome).text)
                }
            }
        }
        return failed == 0 ? ExitCode.success : ExitCode.failure
    }

    /// The JSON line for one crop.
    static func json(_ outcome: CropOutcome) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("input", .string(outcome.input)), ("output", .string(outcome.output))]
        if let image = outcome.image {
            pairs.append(("image", .object([("width", .int(image.width)), ("height", .int(image.height))])))
        }
        let rect = outcome.rect
        pairs.append(("rect", .object([
            ("x", .double(Double(rect.minX))), ("y", .double(Double(rect.minY))),
            ("width", .double(Double(rect.width))), ("height", .double(Double(rect.height))),
        ])))
        if let pixels = outcome.pixels {
            pairs.append(("pixels", .object([
                ("left", .int(pixels.left)), ("top", .int(pixels.top)),
                ("width", .int(pixels.width)), ("height", .int(pixels.height)),
            ])))
        }
        return .object(pairs)
    }
}
