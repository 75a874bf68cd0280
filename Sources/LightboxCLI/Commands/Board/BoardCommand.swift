import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// `lightbox board`: draws photos scattered as cards on a board, as the app's photo board shows them.
struct BoardCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: "board",
        abstract: "Draw photos as tilted cards scattered on a board, as the app's photo board shows them.",
        discussion: BoardHelp.discussion,
        arguments: [
            ArgumentSpec(
                name: "input", help: "Photos, one card each (or use --layout).", isRepeating: true, isOptional: true)
        ],
        options: BoardOptions.declared.specs,
        examples: [
            "lightbox board a.jpg b.jpg c.jpg --size 600x800 --scale 2 -o board.png",
            "lightbox board *.jpg --size 900x600 --dry-run -o board.jpg",
            "lightbox board --layout board.json -o board.jpg",
        ]
    )

    let options: BoardOptions
    /// `--timeout` for the worker processes that decode the photos.
    let workers: WorkerOptions

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        options = try BoardOptions(parsed)
        workers = try WorkerOptions(parsed)
    }

    /// Lays out and draws the board; returns the exit code.
    func run(console: Console) -> Int32 {
        let plan: BoardPlan
        do {
            plan = try resolvedPlan()
            if plan.cardWidth < BoardOverrides.minimumCardWidth {
                let used = NumberText.short(Double(max(plan.cardWidth, 1)))
                console.warning(
                    "card width \(NumberText.short(Double(plan.cardWidth))) is unusual: under \(Int(BoardOverrides.minimumCardWidth)) pt a card has no room for its photo; drawn \(used) pt wide, as the app's max(cardWidth, 1) does"
                )
            }
            try writeLayout(plan, console: console)
            if options.dryRun {
                try OutputPath.check(options.output, inputs: plan.inputs, force: options.save.force, makeFolder: false)
            }
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        guard !options.dryRun else { return ExitCode.success }
        return draw(plan, console: console)
    }

    /// The plan from the arguments or the layout file, with the size limits checked.
    private func resolvedPlan() throws(RenderError) -> BoardPlan {
        let plan: BoardPlan
        var origin = options.output
        switch options.source {
        case .arguments(let given): plan = given
        case .layout(let path):
            plan = options.overrides.applied(to: try BoardLayoutFile.read(path))
            origin = path
        }
        return try BoardCommand.checked(plan, origin: origin)
    }

    /// `plan` if its dragged card exists and its board and cards are within the size limits; the error names `origin`.
    static func checked(_ plan: BoardPlan, origin: String) throws(RenderError) -> BoardPlan {
        if let dragging = plan.dragging, !plan.photos.contains(where: { $0.id == dragging.id }) {
            throw RenderError(origin, "--dragging '\(dragging.id)': no photo has this id")
        }
        if let problem = plan.sizeProblem { throw RenderError(origin, problem) }
        return plan
    }

    /// Prints the layout for `--dry-run` and writes it for `--print-layout`.
    private func writeLayout(_ plan: BoardPlan, console: Console) throws(RenderError) {
        let text = BoardLayoutFile(plan: plan, output: options.output).json.text
        if options.dryRun { console.out(text) }
        guard let path = options.printLayout else { return }
        if path == OutputPath.standardOutput {
            if !options.dryRun { console.out(text) }
            return
        }
        try OutputPath.check(path, inputs: [options.output] + plan.inputs, force: options.save.force)
        do {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RenderError(path, "cannot write the layout: \(error.localizedDescription)")
        }
    }

    /// Renders and writes the board, reporting each photo that could not be drawn.
    private func draw(_ plan: BoardPlan, console: Console) -> Int32 {
        if let clash = OutputClash.find([("output", options.output)], inputs: plan.inputs)
            ?? plan.inputs.first(where: { OutputPath.sameFile($0, options.output) }).map({
                "output '\(options.output)' is the input '\($0)'; outputs never replace inputs"
            })
        {
            console.raw(ErrorFormatter.format(UsageError(clash, commandPath: Self.path), root: Lightbox.root))
            return ExitCode.usage
        }
        // Forked before libvips and any thread start; each photo is decoded in one of them.
        let pool = WorkerPool(
            count: min(ProcessInfo.processInfo.activeProcessorCount, plan.photos.count), timeout: workers.timeout,
            task: workerTask())
        defer { pool.finish() }
        Interrupts.install { "" }
        let start = DispatchTime.now().uptimeNanoseconds
        var failures: [RenderError] = []
        var status = ExitCode.success
        do {
            let decode = BoardPhotoDispatch(pool: pool).decoder
            let outcome = try BoardRenderer(
                plan: plan, placeholder: options.placeholder, limits: options.limits, decode: decode
            ).render()
            failures = outcome.failures
            for failure in outcome.failures {
                if outcome.placeholders {
                    console.warning("\(failure.description) (drawn as an empty card)")
                } else {
                    console.error("\(failure.description) (card skipped)")
                }
            }
            try BoardRenderer.write(
                outcome, with: AtomicWriter(options: options.save), to: options.output, inputs: plan.inputs)
            status = outcome.failures.isEmpty || outcome.placeholders ? ExitCode.success : ExitCode.failure
        } catch {
            console.error(error.description)
            failures.append(error)
            status = ExitCode.failure
        }
        if options.json {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            console.out(
                BoardCommand.json(
                    plan, output: options.output, failures: failures, written: status == ExitCode.success,
                    milliseconds: milliseconds
                ).text)
        }
        return status
    }

    /// The `--json` line: the output, its size in pixels, the cards, each photo that failed, status and time.
    static func json(
        _ plan: BoardPlan, output: String, failures: [RenderError], written: Bool, milliseconds: Double
    ) -> JSONValue {
        let size = plan.pixelSize
        return .object([
            ("output", .string(output)), ("width", .int(size.width)), ("height", .int(size.height)),
            ("cards", .int(plan.photos.count)),
            ("failed", .array(failures.map { .object([("input", .string($0.path)), ("error", .string($0.reason))]) })),
            ("status", .string(written ? "done" : "failed")),
            ("milliseconds", .double((milliseconds * 10).rounded() / 10)),
        ])
    }
}
