import LightboxArguments

/// Options of a run that another beside them leaves with nothing to do, refused (`OptionDoors`)
/// rather than ignored, the same in every command that has both.
package enum RunConflicts {
    /// `--json` beside `--dry-run`, which prints its plan as JSON lines instead.
    package static let json = OptionDoors.Conflict(
        OutputOptions.json, with: [.init(OutputOptions.dryRun)], note: "a dry run prints its plan as JSON lines")
    /// `--report` beside `--dry-run`, which writes no journal (with `--resume` it reads the one given).
    package static let report = OptionDoors.Conflict(
        BatchOptions.report, with: [.init(OutputOptions.dryRun)], unless: .init(BatchOptions.resume),
        note: "a dry run writes no journal; with --resume it reads this one")

    /// The two, for `crop` and `view`.
    package static let all = [json, report]
}
