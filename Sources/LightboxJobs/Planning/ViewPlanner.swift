import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender
import LightboxSystem

/// Builds viewer jobs from JSON objects (a state manifest's lines, `lightbox batch` view jobs):
/// each object's keys become the job's fields (`FieldObject`), the command line's values fill in
/// what a line does not give, and `ViewJobBuilder` checks them as it checks the command line.
package struct ViewPlanner: Sendable {
    /// The command line's values, defaults for every line.
    package let defaults: ParsedCommand
    /// Where outputs go: a line's `output` is placed inside it (default `view-N.png`); nil keeps
    /// outputs as given, relative to the working folder (`lightbox batch`).
    package let outDir: String?
    /// Plan only.
    package let dryRun: Bool
    /// `--format`: of the default names and of every output without an extension of its own.
    package let format: OutputFormat?

    /// Makes a planner; `--format` is read from `defaults` (nil when it holds none or a bad one,
    /// which the command line's own check has refused).
    package init(defaults: ParsedCommand, outDir: String?, dryRun: Bool) {
        self.defaults = defaults
        self.outDir = outDir
        self.dryRun = dryRun
        format = defaults.text(ReadWriteOptions.format).flatMap { ReadWriteOptions.format.read($0) }
    }

    /// The decoder of a line's keys: every snapshot option, the pages under `input` or `inputs`.
    static let fields = FieldObject(
        command: CommandSpec(name: JobKind.view.rawValue, abstract: "", options: ViewFields.jobOptions),
        options: ViewFields.jobOptions, inputKeys: ["input", "inputs"])

    /// The job of one object from line `line` of `file`, inputs relative to `folder`; `warn` takes clamp warnings.
    package func job(
        _ object: [String: Any], file: String, line: Int, folder: String, warn: (String) -> Void
    ) -> Result<ViewJob, BatchProblem> {
        let origin = JobOrigin(source: file, line: line)
        var parsed: ParsedCommand
        switch ViewPlanner.fields.parsed(object, folder: folder, file: file, line: line) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): parsed = value
        }
        if parsed.positionals.contains(OutputPath.standardOutput) {
            return .failure(
                BatchProblem(file, line: line, field: "input", "'-' is not allowed (standard input carries the jobs)"))
        }
        var taken = Set(ViewFields.jobOptions.map(\.long))
        taken.remove(OutputOptions.output.spec.long)
        // A line's device is its whole screen: the command line's screen, scale and safe areas are
        // defaults for lines without one, so they give way to it together.
        if parsed.has(DeviceOptions.device) { taken.subtract(ViewFields.deviceParts) }
        let own = parsed
        parsed = parsed.filling(from: defaults, accepting: { taken.contains($0) })
        let builder: ViewJobBuilder
        do {
            // The line's own keys must apply; the command line's defaults need not fit every line.
            try ViewDoors.table.check(own, door: ViewDoors.line, context: parsed)
            builder = try ViewJobBuilder(placed(parsed, line: line), origin: origin, dryRun: dryRun, format: format)
        } catch {
            return .failure(BatchProblem(file, line: line, error.message))
        }
        if builder.job.request.output == OutputPath.standardOutput {
            return .failure(
                BatchProblem(
                    file, line: line, field: "output", "'-' is not allowed (standard output carries the answers)"))
        }
        for warning in builder.warnings { warn(origin.located(warning)) }
        return .success(builder.job)
    }

    /// `parsed` with its output inside `outDir` (default `view-LINE.png`, or `--format`'s extension);
    /// a name leaving it is a usage error.
    private func placed(_ parsed: ParsedCommand, line: Int) throws(UsageError) -> ParsedCommand {
        guard let outDir else { return parsed }
        let given = parsed.text(OutputOptions.output)
        let name = OutputName(given ?? "view-\(line).\(format?.fileExtension ?? "png")")
        switch OutputFolder(outDir).place(name.path) {
        case .failure(let escape): throw parsed.error(escape.description)
        case .success(let path):
            return parsed.replacing(OutputOptions.output.spec, with: path + (name.options ?? ""))
        }
    }

    /// Every line of the state manifest at `path` as a job or a problem; a file that cannot be read
    /// throws. `warn` takes each line's warnings with its line.
    package func manifest(
        _ path: String, warn: (_ line: Int, _ text: String) -> Void
    ) throws(BatchProblem) -> [Result<ViewJob, BatchProblem>] {
        let data = try FileContents.read(path, what: "manifest")
        let folder = PathText.folder(of: path)
        return JSONLines.lines(data).map { line in
            JSONLines.object(line, path: path).flatMap {
                job($0, file: path, line: line.number, folder: folder, warn: { warn(line.number, $0) })
            }
        }
    }
}
