import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// `lightbox view`: renders what the photo viewer showed (fit, zoom, pan, page, pull) as an image or animation.
struct ViewCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: JobKind.view.rawValue,
        abstract: "Render the photo viewer's screen: a page fitted, zoomed, panned or pulled down.",
        discussion: """
            GEOMETRY:
              Sizes and offsets are in points; the output is round(W*K) by round(H*K)
              pixels (see OUTPUT SIZE). The shown photo (EXIF orientation applied) is
              fitted into the screen, scaled by the zoom (clamped 1...max-zoom) around
              the centre and moved by the offset (clamped so the photo still covers the
              screen on an axis that overflows; a letterboxed axis cannot pan).
              Uncovered is black.
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
              --animate dismiss releases the pull: one that does not dismiss springs
              back. One that dismisses (viewer: a flick heading past 200 points;
              screen: past the threshold, or a flick heading past twice it) ends as
              the app does, with nothing left but what is under it: the screen's page
              eases off the screen; the viewer springs back as the app fades it out.
              With --reduce-motion either jumps to its end after the first frame.
              The frame delays add up to --duration: whole centiseconds in a GIF,
              milliseconds in a WebP (kept under 10 ms too, though browsers show such
              a frame for 100 ms; a warning says so).

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

            \(OutputLimit.helpText)

            \(ExitCode.helpText)
            """,
        arguments: [
            ArgumentSpec(name: "input", help: "The pager's photos, in order.", isRepeating: true, isOptional: true)
        ],
        options: ViewFields.declared.specs,
        examples: [
            "lightbox view a.jpg b.jpg c.jpg --page 1 --screen 390x844 --scale 3 --chrome -o shot.png",
            "lightbox view photo.jpg --screen 390x844 --zoom 2.5 --offset 60,0 -o zoomed.jpg",
            "lightbox view photo.jpg --screen 390x844 --pull 120 -o pulled.png",
            "lightbox view photo.jpg --screen 390x844 --pull 90 --predicted 400 --animate dismiss --frames 10 -o out.gif",
            "lightbox view --manifest states.jsonl --out-dir shots --screen 390x844 --scale 3 --jobs 2",
        ]
    )

    /// The snapshot of the command line, or the manifest of states, and how the run goes.
    let mode: Mode
    /// Jobs, journal, resume, shard, what is printed.
    let run: RunOptions

    /// One snapshot from the command line (with its clamp warnings), a manifest of them, or the
    /// device presets (`--list-devices`, as JSON Lines with `--json`).
    enum Mode: Sendable {
        case single(ViewJob, warnings: [String])
        case manifest(path: String, planner: ViewPlanner)
        case devices(json: Bool)
    }

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let door = ViewDoors.door(of: parsed)
        try ViewDoors.table.check(parsed, door: door)
        if door == "devices" {
            if let input = parsed.positionals.first {
                throw parsed.error("unexpected argument '\(input)': --list-devices takes no inputs")
            }
            mode = .devices(json: parsed.flag(OutputOptions.json))
            run = RunOptions(command: .view, jobs: 1, timeout: 0)
            return
        }
        let batch = try BatchOptions(parsed)
        let dryRun = parsed.flag(OutputOptions.dryRun)
        var run = RunOptions(
            command: .view, jobs: batch.jobs, workers: try WorkerOptions(parsed), roots: try RootOptions.read(parsed))
        run.dryRun = dryRun
        run.quiet = parsed.flag(OutputOptions.quiet)
        run.stdout = dryRun ? .plan : parsed.flag(OutputOptions.json) ? .json : .none
        run.report = batch.report
        run.resume = batch.resume
        run.force = parsed.flag(OutputOptions.force)
        run.maxFailures = batch.maxFailures
        run.outDir = try OutputOptions.outDir(parsed)
        if let manifest = parsed.text(OutputOptions.manifest) {
            try parsed.refusePositionals(with: "--manifest")
            let outDir = try parsed.required(OutputOptions.outDir, for: "--manifest")
            mode = .manifest(path: manifest, planner: ViewPlanner(defaults: parsed, outDir: outDir, dryRun: dryRun))
            run.shard = batch.shard
            run.showProgress = true
            run.printsSummary = true
        } else {
            let builder = try ViewJobBuilder(ViewCommand.placed(parsed), dryRun: dryRun)
            mode = .single(builder.job, warnings: builder.warnings)
            run.workers = 1
        }
        self.run = run
    }

    /// One snapshot's `-o` taken relative to `--out-dir`, and kept inside it, when both are given.
    private static func placed(_ parsed: ParsedCommand) throws(UsageError) -> ParsedCommand {
        guard let outDir = parsed.text(OutputOptions.outDir), let text = parsed.text(OutputOptions.output),
            text != OutputPath.standardOutput
        else { return parsed }
        let name = OutputName(text)
        switch OutputFolder(outDir).place(name.path) {
        case .failure(let escape): throw parsed.error("-o '\(text)': \(escape.description)")
        case .success(let path): return parsed.replacing(OutputOptions.output.spec, with: path + (name.options ?? ""))
        }
    }

    /// Renders the snapshot or every state of the manifest; returns the exit code.
    func run(console: Console) throws -> ExitCode {
        console.quiet = run.quiet
        switch mode {
        case .devices(let json):
            for line in DeviceList.lines(json: json) { console.out(line) }
            return .success
        case .single(let job, let warnings):
            for warning in warnings { console.warning(warning) }
            return try RunSession.run([.view(job)], problems: [], options: run, console: console)
        case .manifest(let path, let planner):
            var lineWarnings = LineWarnings()
            let lines = try planner.manifest(path, warn: { lineWarnings.add(line: $0, $1) })
            let jobs = lines.compactMap { try? $0.get() }
            let problems = lines.compactMap { line -> BatchProblem? in
                if case .failure(let problem) = line { return problem }
                return nil
            }
            if let quality = planner.defaults.text(ReadWriteOptions.quality), !jobs.isEmpty,
                !jobs.contains(where: { $0.save.format(of: $0.request.output)?.takesQuality ?? true })
            {
                let problem = "--quality \(quality): no snapshot takes a quality (PNG and GIF are lossless)"
                throw UsageError(problem, commandPath: Self.path)
            }
            let claims = jobs.map { ("output", $0.request.output) } + (run.report.map { [("report", $0)] } ?? [])
            if let clash = OutputClash.find(claims, inputs: jobs.flatMap(\.request.inputs)) {
                throw UsageError(clash, commandPath: Self.path)
            }
            return try RunSession.run(
                jobs.map(Job.view), problems: problems, lineWarnings: lineWarnings, options: run, console: console)
        }
    }
}
