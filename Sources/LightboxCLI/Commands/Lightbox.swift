import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender
import LightboxSystem
import LightboxWorkers

/// The `lightbox` command line: parses arguments, runs a subcommand, returns the exit code.
package enum Lightbox {
    /// The version printed by `--version`.
    package static let version = "0.1.0"

    /// Every subcommand, in the order help lists them.
    static let commands: [any LightboxCommand.Type] = [
        CropCommand.self, ViewCommand.self, BoardCommand.self, BatchCommand.self,
    ]

    /// The root command, with every subcommand as data.
    package static let root = CommandSpec(
        name: "lightbox",
        abstract:
            "Render what the app's photo components showed (crop frame, photo viewer, photo board) as image files.",
        discussion: ExitCode.helpText + "\n\n" + """
            SHELL COMPLETION AND MANUAL:
              lightbox --generate-completion-script bash|zsh|fish
              lightbox --generate-manual
              (make install puts both in place; see README)
            """,
        subcommands: commands.map { $0.spec },
        examples: [
            "lightbox crop photo.jpg --rect 0.1,0.2,0.5,0.6 -o crop.jpg",
            "lightbox view a.jpg b.jpg --page 1 --screen 390x844 --scale 3 --chrome -o shot.png",
            "lightbox board a.jpg b.jpg c.jpg --size 600x800 --scale 2 -o board.jpg",
            "lightbox batch jobs.jsonl",
            "lightbox help crop",
        ],
        exitCodes: ExitCode.meanings
    )

    /// Runs the command line `arguments` (without argv[0]) and returns the exit code.
    package static func main(_ arguments: [String], console: Console = Console()) -> Int32 {
        StandardOutput.parkClosedStreams()
        LibvipsSettings.keepOrcCodeOutOfHome()
        if let status = serveIfWorker(arguments) { return status }
        do {
            return try run(arguments, console: console).rawValue
        } catch {
            return stop(error, console: console).rawValue
        }
    }

    /// Parses `arguments` and runs what they ask for.
    private static func run(_ arguments: [String], console: Console) throws -> ExitCode {
        if let text = try GeneratedText.text(for: arguments, root: root, version: version) {
            console.out(text)
            return .success
        }
        switch try ArgumentParser.parse(arguments, root: root) {
        case .help(let text):
            console.out(text)
            return .success
        case .version:
            console.out("lightbox \(version) (libvips \(LibvipsSettings.version))")
            return .success
        case .run(let parsed, _):
            Interrupts.hold()
            return try dispatch(parsed, console: console)
        }
    }

    /// Says what stopped a command, as its type is said (a usage error as `Error: ...` with the
    /// usage line, any other as `error: ...`), and gives its code (`ExitCode(error)`).
    static func stop(_ error: any Error, console: Console) -> ExitCode {
        switch error {
        case let usage as UsageError: console.raw(ErrorFormatter.format(usage, root: root))
        case is ExitCode: break
        default: console.error(String(describing: error))
        }
        return ExitCode(error)
    }

    /// When this process was spawned as a replacement worker (its pipes named in the environment),
    /// serves jobs on fds 3 and 4 until the supervisor closes them; nil otherwise. The worker needs
    /// nothing of a command line: every request carries its whole job (its memory limit is in the
    /// environment, since it bounds the process from its start).
    static func serveIfWorker(_ arguments: [String]) -> Int32? {
        guard let value = getenv(WorkerLauncher.environmentKey), String(cString: value) == "3,4" else { return nil }
        WorkerLoop.serve(
            JobWorkerTask(), requests: 3, responses: 4, memoryMegabytes: WorkerLauncher.inheritedMemoryLimit)
    }

    private static func dispatch(_ parsed: ParsedCommand, console: Console) throws -> ExitCode {
        guard let command = commands.first(where: { $0.spec.name == parsed.command.name }) else {
            preconditionFailure("no runner for command \(parsed.command.name)")
        }
        return try command.init(parsed).run(console: console)
    }
}
