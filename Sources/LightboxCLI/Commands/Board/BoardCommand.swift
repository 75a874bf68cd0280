import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender
import LightboxSystem

/// `lightbox board`: draws photos scattered as cards on a board, as the app's photo board shows them.
struct BoardCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: JobKind.board.rawValue,
        abstract: "Draw photos as tilted cards scattered on a board, as the app's photo board shows them.",
        discussion: BoardHelp.discussion,
        arguments: [
            ArgumentSpec(
                name: "input", help: "Photos, one card each (or use --layout).", isRepeating: true, isOptional: true)
        ],
        options: BoardOptions.declared.specs,
        examples: [
            "lightbox board a.jpg b.jpg c.jpg --size 600x800 --scale 2 -o board.png",
            "lightbox board *.jpg --size 900x600 --dry-run",
            "lightbox board --layout board.json -o board.jpg",
        ]
    )

    let options: BoardOptions
    /// `--timeout` and `--max-memory` for the worker processes that decode the photos.
    let workers: WorkerOptions
    /// `--root`, `--read-root`, `--write-root`; nil for none.
    let roots: PathRoots?

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        try BoardDoors.table.check(parsed, door: BoardDoors.door(of: parsed))
        options = try BoardOptions(parsed)
        workers = try WorkerOptions(parsed)
        roots = try RootOptions.read(parsed)
    }

    /// Lays out the board, prints or writes the layout, and draws it as a job.
    func run(console: Console) throws -> ExitCode {
        let plan = try resolvedPlan()
        // The layout's dragged card is known only now; without one, --reduce-motion changes nothing.
        if options.overrides.reduceMotion, plan.dragging == nil {
            throw UsageError(
                "--reduce-motion needs a dragged card: --dragging, or the layout's own (it keeps one from lifting)",
                commandPath: Self.path)
        }
        if plan.cardWidth < BoardOverrides.minimumCardWidth {
            let used = NumberText.short(Double(max(plan.cardWidth, 1)))
            console.warning(
                "card width \(NumberText.short(Double(plan.cardWidth))) is unusual: under \(Int(BoardOverrides.minimumCardWidth)) pt a card has no room for its photo; drawn \(used) pt wide, as the app's max(cardWidth, 1) does"
            )
        }
        for warning in CaptionFonts.warnings(plan.photos.map(\.caption)) { console.warning(warning) }
        do {
            try writeLayout(plan, console: console)
        } catch {
            throw CannotCreate(error.description)
        }
        if options.dryRun {
            guard let problem = dryRunProblem(plan) else { return .success }
            console.error(problem.description)
            return .failure
        }
        if let clash = OutputClash.find([("output", options.output)], inputs: plan.inputs) {
            throw UsageError(clash, commandPath: Self.path)
        }
        let job = BoardJob(
            plan: plan, output: options.output, save: options.save, placeholder: options.placeholder,
            limits: options.limits, origin: JobOrigin())
        var run = RunOptions(command: .board, jobs: 1, workers: workers, roots: roots)
        run.workers = min(options.jobs, plan.photos.count)
        run.stdout = options.json ? .json : .none
        run.maxFailures = options.maxFailures
        return try RunSession.run([.board(job)], problems: [], options: run, console: console)
    }

    /// What would stop the real run of a dry run: a path outside the roots, or an output that
    /// exists or whose folder cannot be made (none when no output is named).
    private func dryRunProblem(_ plan: BoardPlan) -> RenderError? {
        let output = options.output.isEmpty ? [] : [(options.output, PathRoots.Access.write)]
        let outside = roots.flatMap { roots in
            (plan.inputs.map { ($0, PathRoots.Access.read) } + output).firstNonNil {
                roots.problem($0.0, for: $0.1).map(RenderError.init)
            }
        }
        guard outside == nil, !options.output.isEmpty else { return outside }
        return OutputCheck(dryRun: true).problem(options.output, inputs: plan.inputs, force: options.save.force)
    }

    /// The plan from the arguments or the layout file, with the size limits checked: a bad
    /// plan from the arguments is a usage error, one from the layout a problem of that file.
    private func resolvedPlan() throws -> BoardPlan {
        let (output, format) = (options.output, options.save.format(of: options.output))
        switch options.source {
        case .arguments(let given):
            // Its message names the output when it is about it.
            do { return try BoardPlanner.checked(given, output: output, format: format) } catch {
                throw UsageError(error.description, commandPath: Self.path)
            }
        case .layout(let path):
            let plan = options.overrides.applied(to: try BoardLayoutFile.read(path))
            do { return try BoardPlanner.checked(plan, output: output, format: format) } catch {
                throw BatchProblem(path, error.description)
            }
        }
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
        if let problem = OutputCheck(dryRun: false).problem(
            path, inputs: [options.output] + plan.inputs, force: options.save.force)
        {
            throw problem
        }
        do {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RenderError(path, "cannot write the layout: \(error.localizedDescription)")
        }
    }
}
