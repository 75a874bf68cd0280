import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// `lightbox crop`: cuts normalized rects out of images, upright, into new files.
struct CropCommand: LightboxCommand {
    /// The command as data: its help is generated from this.
    static let spec = CommandSpec(
        name: JobKind.crop.rawValue,
        abstract: "Crop images from normalized rects (0 to 1) over the upright image.",
        discussion: CropHelp.discussion,
        arguments: [
            ArgumentSpec(name: "input", help: "Images to crop (with --rect).", isRepeating: true, isOptional: true)
        ],
        options: CropOptions.declared.specs,
        examples: CropHelp.examples
    )

    let options: CropOptions

    /// Reads and checks the parsed command line.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        options = try CropOptions(parsed)
    }

    /// Plans the crops (a manifest a window at a time), refuses files of the first window that
    /// clash, and runs them.
    func run(console: Console) throws -> ExitCode {
        console.quiet = options.run.quiet
        for warning in options.warnings { console.warning(warning) }
        let (windows, first) = try options.source.windows(
            options.planner, outDir: options.run.outDir ?? "", warn: console.warning)
        let jobs = (first?.jobs ?? []).compactMap(\.cropJob)
        // On the command line a preview leaving its folder is the command line's error, as with -o.
        if !options.source.isBatch, let problem = first?.problems.first {
            let reason = problem.message.hasPrefix("preview: ") ? problem.message.dropFirst(9) : problem.message[...]
            throw UsageError("--preview '\(options.planner.preview?.text ?? "")': \(reason)", commandPath: Self.path)
        }
        if let problem = qualityProblem(jobs) { throw UsageError(problem, commandPath: Self.path) }
        if jobs.contains(where: \.snapsASquare) { console.warning(CropJob.squareSnapWarning) }
        if let clash = OutputClash.find(claims(jobs), inputs: jobs.map(\.input)) {
            throw UsageError(clash, commandPath: Self.path)
        }
        return try RunSession.run(windows, first: first, options: options.run, console: console)
    }

    /// `--quality` when no file of the run takes one (every crop, preview and sheet a PNG or GIF,
    /// or cut without re-encoding), which would leave it nothing to do.
    private func qualityProblem(_ jobs: [CropJob]) -> String? {
        let save = options.planner.settings.save
        guard let quality = save.quality, !jobs.isEmpty else { return nil }
        let files =
            jobs.flatMap { job in
                job.items.filter { !$0.cut.lossless }.map(\.output) + job.items.compactMap(\.preview)
            } + (options.run.contactSheet.map { [$0.path] } ?? [])
        guard !files.contains(where: { save.format(of: $0)?.takesQuality ?? true }) else { return nil }
        return
            "--quality \(quality): no output takes a quality (PNG and GIF are lossless; a lossless cut is not re-encoded)"
    }

    /// Every file the run would write: crops, previews, the contact sheet and the report.
    private func claims(_ jobs: [CropJob]) -> [OutputClash.Claim] {
        var claims: [OutputClash.Claim] = jobs.flatMap { job in job.items.map { ("output", $0.output) } }
        claims += jobs.flatMap { job in job.items.compactMap { $0.preview.map { ("preview", $0) } } }
        if let sheet = options.run.contactSheet { claims.append(("contact sheet", sheet.path)) }
        if let report = options.run.report { claims.append(("report", report)) }
        return claims
    }
}
