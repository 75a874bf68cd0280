import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// `lightbox view`: renders what the photo viewer showed (fit, zoom, pan, page, pull) as an image or animation.
struct ViewCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: "view",
        abstract: "Render the photo viewer's screen: a page fitted, zoomed, panned or pulled down.",
        discussion: """
            GEOMETRY:
              Sizes and offsets are in points; the output is round(W*K) by round(H*K)
              pixels. The shown photo (EXIF orientation applied) is fitted into the
              screen, scaled by the zoom (clamped 1...max-zoom) around the centre and
              moved by the offset (clamped so the photo still covers the screen on an
              axis that overflows; a letterboxed axis cannot pan). Uncovered is black.
              The inputs are the pager's pages; --page picks one, clamped to them.

            PULL:
              viewer: p = min(pull/320, 1): backdrop opacity 1-0.7p, pager scaled
              1-0.2p around the centre and moved down by the pull, header hidden.
              screen: p = min(pull/threshold, 1): page (photo on black) scaled 1-0.1p,
              opacity 1-0.3p, moved down. PNG and WebP keep the translucency; JPEG
              and GIF (whose alpha is on or off), or any format given --under, are
              flattened onto --under (default white).

            ANIMATION:
              --animate zoom eases in-out from the zoom to its double-tap toggle.
              --animate dismiss releases the pull: a drag that dismisses (viewer: a
              flick heading past 200 points; screen: past the threshold, or a flick
              heading past twice it) eases off the screen, one that does not springs back.

            MANIFEST:
              --manifest reads JSON Lines of states whose keys are these options
              (camelCase or kebab-case; "input" or "inputs" for the pages; a CGSize
              may be [w,h] or {"width":..,"height":..}). Options given here are
              defaults for every line. Inputs are relative to the manifest, outputs
              to --out-dir; the end prints "N done, M failed, K skipped".

            HEADER (--chrome):
              "N of M" (Inter semibold 17 where installed, else DejaVu Sans Bold) and
              the close button on a 44-point row 16 points in, below the top safe
              area. The button is a disc of the pixels under it blurred (sigma 8
              points) and darkened (grey 28 at 55%), with a white cross.

            \(DeviceOptions.helpText)

            \(ExitCode.helpText)
            """,
        arguments: [
            ArgumentSpec(name: "input", help: "The pager's photos, in order.", isRepeating: true, isOptional: true)
        ],
        options: ViewOptions.declared.specs,
        examples: [
            "lightbox view a.jpg b.jpg c.jpg --page 1 --screen 390x844 --scale 3 --chrome -o shot.png",
            "lightbox view photo.jpg --screen 390x844 --zoom 2.5 --offset 60,0 -o zoomed.jpg",
            "lightbox view photo.jpg --screen 390x844 --pull 120 -o pulled.png",
            "lightbox view photo.jpg --screen 390x844 --pull 90 --predicted 400 --animate dismiss --frames 10 -o out.gif",
            "lightbox view --manifest states.jsonl --out-dir shots --screen 390x844 --scale 3 --jobs 2",
        ]
    )

    /// One snapshot from the command line, or a manifest of them.
    enum Mode: Sendable {
        case single(ViewOptions)
        case batch(ViewBatch)
    }

    let mode: Mode
    /// `--timeout` for the worker processes that decode and render.
    let workers: WorkerOptions

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        mode = parsed.has(OutputOptions.manifest) ? .batch(try ViewBatch(parsed)) : .single(try ViewOptions(parsed))
        workers = try WorkerOptions(parsed)
    }

    /// Renders the snapshot or the manifest; returns the exit code.
    func run(console: Console) -> Int32 {
        switch mode {
        case .single(let options): return ViewCommand.runSingle(options, console: console, pool: pool())
        case .batch(let batch): return batch.run(console: console, pool: { pool(count: $0) })
        }
    }

    /// Starts `count` workers for this command, before libvips or any thread starts.
    private func pool(count: Int = 1) -> WorkerPool {
        WorkerPool(count: count, timeout: workers.timeout, task: workerTask())
    }

    /// Renders one request in a worker, reporting a failure as one error line.
    private static func runSingle(_ options: ViewOptions, console: Console, pool: WorkerPool) -> Int32 {
        defer { pool.finish() }
        console.quiet = options.quiet
        for warning in options.warnings { console.warning(warning) }
        Interrupts.install { "" }
        return ViewDispatch(pool: pool).single(options, console: console)
    }

    /// The JSON line for one output: the clamped values rendered (the first frame's for an animation).
    static func json(_ outcome: ViewOutcome) -> JSONValue {
        let request = outcome.request
        let state = request.state
        var pairs: [(String, JSONValue)] = [
            ("input", .string(outcome.input)), ("output", .string(request.output)),
            ("page", .int(request.shownPage)), ("pages", .int(request.inputs.count)),
            ("screen", size(state.screen)), ("scale", number(state.scale)),
            ("safeArea", .object([("top", number(state.safeArea.top)), ("bottom", number(state.safeArea.bottom))])),
        ]
        if let layout = outcome.layout {
            pairs += [
                ("fitted", size(layout.fitted)), ("zoom", number(layout.zoom)),
                ("offset", .object([("x", number(layout.offset.width)), ("y", number(layout.offset.height))])),
                ("pull", number(layout.pull)), ("progress", number(layout.progress)),
            ]
        }
        if state.style == .screen || request.animation == .dismiss {
            pairs.append(("dismisses", .bool(request.dismisses)))
        }
        if request.animation != nil { pairs.append(("frames", .int(request.frames))) }
        if let decoder = outcome.decoder { pairs.append(("decoder", .string(decoder))) }
        return .object(pairs)
    }

    /// A size as `{"width":..,"height":..}`.
    private static func size(_ size: CGSize) -> JSONValue {
        .object([("width", number(size.width)), ("height", number(size.height))])
    }

    /// A CGFloat as a JSON number.
    private static func number(_ value: CGFloat) -> JSONValue {
        .double(Double(value))
    }
}
