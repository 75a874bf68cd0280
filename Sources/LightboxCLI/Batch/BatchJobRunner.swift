import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender

/// Runs one `batch` job in a worker with the readers and renderers of `crop`, `view` and `board`:
/// the job's fields become that command's arguments, the batch's options its defaults.
struct BatchJobRunner: Sendable {
    /// What messages call the input: the jobs file, or `stdin`.
    let label: String
    /// The batch's options as (long name, value; nil for a flag), defaults for each job.
    let defaults: [(String, String?)]
    /// Jobs in flight at once (for libvips' threads per worker).
    let jobs: Int
    /// Whether warnings are silenced.
    let quiet: Bool

    /// What a job ended as: whether it was done, and the command's JSON object with status.
    typealias Result = (done: Bool, object: JSONValue)

    /// View options that steer a manifest run, not one snapshot, so a job may not set them.
    static let refusedViewOptions: Set<String> = ViewBatch.batchOptions.union(["format"])

    /// Runs the job `body` (a JSON object) of line `number` as `command`.
    func run(_ command: String, body: String, number: Int) -> Result {
        let place = "\(label):\(number)"
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] else {
            return failed(place, "not a JSON object")
        }
        guard let output = object["output"] as? String, !output.isEmpty else {
            return failed(place, "output: missing or not a string")
        }
        guard output != OutputPath.standardOutput else {
            return failed(place, "output: '-' is not allowed (standard output carries the answers)")
        }
        if !output.contains("{") {
            let folder = (output as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        let console = Console()
        console.quiet = quiet
        switch command {
        case "crop": return crop(body, number: number, output: output, console: console)
        case "view": return view(body, number: number, console: console)
        default: return board(body, place: place, output: output, console: console)
        }
    }

    /// A crop manifest line, cropped by `CropWork` as `lightbox crop INPUT --rect R -o OUTPUT` would.
    private func crop(_ body: String, number: Int, output: String, console: Console) -> Result {
        let entry: ManifestEntry
        switch ManifestReader.jsonLine(body, number: number, path: label, folder: "") {
        case .failure(let problem): return failed(problem.description)
        case .success(let value): entry = value
        }
        guard entry.input != OutputPath.standardOutput else {
            return failed("\(label):\(number)", "input: '-' is not allowed (standard input carries the jobs)")
        }
        let arguments =
            ["--rect", CropOptions.describe(entry.rect), "--output", output]
            + defaultArguments(for: CropCommand.spec).flatMap { $0 } + ["--", entry.input]
        let options: CropOptions
        let entries: [CropEntry]
        do {
            options = try CropCommand(parse(["crop"] + arguments)).options
            entries = try options.source.entries(warn: { console.warning("\(label):\(number): \($0)") }).entries
        } catch {
            return failed("\(label):\(number)", BatchJobRunner.reason(error))
        }
        guard let job = CropJob.grouped(entries).first else { return failed("\(label):\(number)", "nothing to crop") }
        WorkerFault.inject(for: job.input, outputs: job.items.map(\.output))
        let records = CropWork(
            options: options, console: console, sheet: nil, ledger: ResumeLedger.forRun(options.batch)
        ).run(job)
        guard let record = records.first else { return failed("\(label):\(number)", "nothing was cropped") }
        let located = record.error.map { "\(label):\(number): \($0)" }
        let answer = BatchRecord(
            status: record.status, fields: record.fields, error: located, milliseconds: record.milliseconds)
        return (record.status == .done, answer.json)
    }

    /// A view state line, rendered by `ViewRunner` as `lightbox view` would.
    private func view(_ body: String, number: Int, console: Console) -> Result {
        let place = "\(label):\(number)"
        let arguments: [String]
        switch StateManifest.arguments(body, number: number, path: label, folder: "") {
        case .failure(let problem): return failed(problem.description)
        case .success(let value): arguments = value
        }
        let split = arguments.firstIndex(of: "--") ?? arguments.count
        var own = Array(arguments[..<split])
        let pages = Array(arguments[split...])
        if let refused = own.first(where: {
            $0.hasPrefix("--") && BatchJobRunner.refusedViewOptions.contains(String($0.dropFirst(2)))
        }) {
            return failed(place, "\(refused.dropFirst(2)): not a field of a view job")
        }
        if pages.contains(OutputPath.standardOutput) {
            return failed(place, "input: '-' is not allowed (standard input carries the jobs)")
        }
        let given = Set(own.filter { $0.hasPrefix("--") })
        own += defaultArguments(for: ViewCommand.spec).filter { !given.contains($0.first ?? "") }.flatMap { $0 }
        let options: ViewOptions
        do {
            options = try ViewOptions(parse(["view"] + own + pages))
        } catch {
            return failed(place, BatchJobRunner.reason(error))
        }
        for warning in options.warnings { console.warning("\(place): \(warning)") }
        WorkerFault.inject(for: ViewWorkerTask.shownInput(options.request), outputs: [options.request.output])
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = ViewRunner(
            writer: AtomicWriter(options: options.save), failOn: options.failOn, maxPixels: options.maxPixels
        ).run(options.request, dryRun: false)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard case .object(let fields) = ViewCommand.json(outcome) else {
            preconditionFailure("view JSON is an object")
        }
        let record = BatchRecord(
            status: outcome.error == nil ? .done : .failed, fields: fields,
            error: outcome.error.map { "\(place): \($0.description)" }, milliseconds: milliseconds)
        return (outcome.error == nil, record.json)
    }

    /// A board layout, drawn by `BoardRenderer` as `lightbox board --layout FILE -o OUTPUT` would.
    private func board(_ body: String, place: String, output: String, console: Console) -> Result {
        let options: BoardOptions
        let plan: BoardPlan
        do {
            options = try BoardOptions(
                parse(
                    ["board", "--layout", label, "--output", output]
                        + defaultArguments(for: BoardCommand.spec).flatMap { $0 }))
            plan = try BoardCommand.checked(
                options.overrides.applied(
                    to: try BoardLayoutFile.parse(Data(body.utf8), folder: FileManager.default.currentDirectoryPath)),
                origin: place)
        } catch {
            return failed(place, BatchJobRunner.reason(error))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var failures: [RenderError] = []
        var written = false
        do {
            let outcome = try BoardRenderer(plan: plan, placeholder: options.placeholder, limits: options.limits)
                .render()
            failures = outcome.failures
            try BoardRenderer.write(outcome, with: AtomicWriter(options: options.save), to: output, inputs: plan.inputs)
            written = outcome.failures.isEmpty || outcome.placeholders
        } catch {
            failures.append(error)
        }
        for failure in failures { console.warning("\(place): \(failure.description)") }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        var json = BoardCommand.json(
            plan, output: output, failures: failures, written: written, milliseconds: milliseconds)
        if !written, case .object(let fields) = json {
            let reason = failures.map(\.description).joined(separator: "; ")
            json = .object(fields + [("error", .string("\(place): \(reason)"))])
        }
        return (written, json)
    }

    /// The batch's defaults that `spec` takes, each as its arguments (`--quality 90`, `--force`).
    private func defaultArguments(for spec: CommandSpec) -> [[String]] {
        defaults.filter { name, _ in spec.options.contains { $0.long == name } }.map { name, value in
            ["--\(name)"] + (value.map { [$0] } ?? [])
        }
    }

    /// The parsed command line `arguments` (which start with the command's name).
    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        guard case .run(let parsed, _) = try ArgumentParser.parse(arguments, root: Lightbox.root) else {
            throw UsageError("not a job", commandPath: ["lightbox", "batch"])
        }
        return parsed
    }

    /// The one-line reason of a reader's or a command line's error (a usage error's message, not its dump).
    static func reason(_ error: any Error) -> String {
        if let usage = error as? UsageError { return usage.message }
        return String(describing: error)
    }

    /// A failed job with the error `place: reason`.
    private func failed(_ place: String, _ reason: String) -> Result {
        failed("\(place): \(reason)")
    }

    /// A failed job with the error `message`.
    private func failed(_ message: String) -> Result {
        (false, BatchRecord(status: .failed, fields: [], error: message, milliseconds: 0).json)
    }
}
