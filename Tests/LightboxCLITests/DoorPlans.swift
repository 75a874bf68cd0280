import Foundation
import LightboxArguments
import LightboxFormats
import LightboxJobs

@testable import LightboxCLI

/// What each command plans from a command line, in the process and without running anything, as
/// text (Swift's `dump` of the typed values: jobs, settings, run options, warnings), or
/// `Error: ...` with the usage error or the planning problem it gives.
enum DoorPlans {
    /// `arguments` after the command's name, parsed.
    static func parsed(_ command: String, _ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let parsed, _) = try ArgumentParser.parse([command] + arguments, root: Lightbox.root) else {
            throw UsageError("no command to run", commandPath: [command])
        }
        return parsed
    }

    /// `value` dumped.
    static func text(_ values: Any...) -> String {
        var out = ""
        for value in values { dump(value, to: &out) }
        return out
    }

    /// The usage error `body` throws as `Error: ...`, or what it returns.
    static func catching(_ body: () throws -> String) -> String {
        do {
            return try body()
        } catch let error as UsageError {
            return "Error: \(error.message)"
        } catch {
            return "Error: \(error)"
        }
    }

    /// `lightbox crop`: the jobs planned from its source, the problems, the run and the planner.
    @Sendable static func crop(_ arguments: [String]) throws -> String {
        catching {
            let command = try CropCommand(try parsed("crop", arguments))
            let options = command.options
            let (windows, first) = try options.source.windows(
                options.planner, outDir: options.run.outDir ?? "", warn: { _ in })
            var all = [first].compactMap { $0 }
            while let next = windows.next() { all.append(next) }
            var lines = LineWarnings()
            for (line, warning) in all.flatMap(\.lineWarnings.warnings) { lines.add(line: line, warning) }
            let jobs = all.flatMap(\.jobs).compactMap(\.cropJob)
            return text(jobs, all.flatMap(\.problems), options.run, options.planner, options.warnings, lines)
        }
    }

    /// `lightbox view`: one snapshot's job, a manifest's planned lines, or the list of devices, and the run.
    @Sendable static func view(_ arguments: [String]) throws -> String {
        catching {
            let command = try ViewCommand(try parsed("view", arguments))
            switch command.mode {
            case .single(let job, let warnings): return text(job, warnings, command.run)
            case .devices(let json): return text(json, command.run)
            case .manifest(let path, let planner):
                let lines = try planner.manifest(path, warn: { _, _ in })
                if case .failure(let problem) = lines.first { return "Error: \(problem.description)" }
                return text(lines, command.run)
            }
        }
    }

    /// `lightbox board`: its options (the plan, or the layout's path and the overrides), workers and roots.
    @Sendable static func board(_ arguments: [String]) throws -> String {
        catching { text(try BoardCommand(try parsed("board", arguments))) }
    }

    /// `lightbox batch`: a crop, a view and a board job read with its defaults, and its own settings.
    @Sendable static func batch(_ arguments: [String]) throws -> String {
        catching {
            let command = try BatchCommand(try parsed("batch", arguments))
            let folder = (arguments.first { $0.hasSuffix("jobs.jsonl") } ?? "") as NSString
            let photo = folder.deletingLastPathComponent + "/p.jpg"
            let lines = [
                #"{"id":1,"command":"crop","input":"\#(photo)","rect":"0,0,0.5,0.5","angle":10,"output":"c.jpg"}"#,
                #"{"id":2,"command":"view","input":"\#(photo)","screen":"390x844","output":"v.jpg"}"#,
                #"{"id":3,"command":"board","board":[300,300],"photos":[{"id":"a","path":"\#(photo)"}],"output":"b.jpg"}"#,
            ]
            let requests = lines.enumerated().map { index, line in
                command.reader.read(JSONLines.Line(number: index + 1, bytes: Array(line.utf8)))
            }
            let jobs = requests.map { request -> Any in
                switch request {
                case .success(let request): return request.job as Any
                case .failure(let answer): return "failed: \(answer)"
                }
            }
            return text(
                jobs, command.jobs, command.workers, command.roots as Any, command.quiet, command.file,
                command.reader.limits, command.maxFailures as Any)
        }
    }
}
