import LightboxArguments

/// Where each option of `lightbox view` applies: one snapshot on the command line, `--manifest`
/// (whose options are defaults for every line), `--list-devices`, and a state line's own keys (a
/// manifest line, a `lightbox batch` view job). Every option is here; one given where it does not
/// apply, or without what it needs, is refused before any work (a line's key: that line's error).
package enum ViewDoors {
    /// The door of a command line: the list of devices, a manifest, or one snapshot.
    package static func door(of parsed: ParsedCommand) -> String {
        if parsed.flag(DeviceOptions.listDevices) { return "devices" }
        return parsed.has(OutputOptions.manifest) ? "manifest" : "snapshot"
    }

    /// The door of a state line's keys.
    package static let line = "line"

    /// The table.
    package static let table = OptionDoors(
        doors: [
            .init("snapshot", described: "one snapshot"), .init("manifest", described: "--manifest"),
            .init("devices", described: "--list-devices"), .init(line, described: "a state line", listed: false),
        ],
        rules: everywhereButDevices([
            ViewFields.screen, DeviceOptions.device, ViewFields.scale, ViewFields.page, ViewFields.zoom,
            ViewFields.maxZoom, ViewFields.offset, ViewFields.doubleTap, ViewFields.pull, ViewFields.style,
            ViewFields.under, ViewFields.chrome, ViewFields.animate, OutputOptions.force, ReadWriteOptions.quality,
            ReadWriteOptions.failOn, ReadWriteOptions.maxPixels,
            // Part of the state a snapshot's record gives (where the header goes, whether the release dismisses).
            DeviceOptions.safeArea, ViewFields.predicted,
        ]) + [
            (
                ViewFields.threshold,
                state([.init(ViewFields.style, "screen")], note: "the viewer style has its own rule")
            ),
            (
                ViewFields.reduceMotion,
                state(
                    [.init(ViewFields.style, "screen"), .init(ViewFields.animate)],
                    note: "a still viewer has no motion to reduce")
            ),
            (ViewFields.frames, state([.init(ViewFields.animate)])),
            (ViewFields.duration, state([.init(ViewFields.animate)])),
            (DeviceOptions.listDevices, .only("devices")),
            (OutputOptions.json, .only("snapshot", "manifest", "devices")),
            (OutputOptions.output, .only("snapshot", line, note: "each line names its output, inside --out-dir")),
            (OutputOptions.manifest, .only("manifest")),
            (BatchOptions.jobs, .only("manifest", note: "one snapshot is one job")),
            (BatchOptions.shard, .only("manifest", note: "one snapshot is one job")),
        ] + run([OutputOptions.dryRun, OutputOptions.quiet, OutputOptions.outDir, ReadWriteOptions.format])
            + run(
                WorkerOptions.declared + RootOptions.declared
                    + [BatchOptions.report, BatchOptions.resume, BatchOptions.maxFailures]),
        conflicts: RunConflicts.all + [
            .init(
                DeviceOptions.device,
                with: [.init(ViewFields.screen), .init(ViewFields.scale), .init(DeviceOptions.safeArea)],
                note: "they set all it would")
        ]
    )

    /// Options of a snapshot's state: defaults for the lines of a manifest, needing one of
    /// `requirements` on the command line of one snapshot and on a line (with the command
    /// line's defaults beside it).
    private static func state(_ requirements: [OptionDoors.Requirement], note: String? = nil) -> OptionDoors.Rule {
        OptionDoors.Rule(
            ["snapshot": .needs(requirements), line: .needs(requirements), "devices": .refused], otherwise: .applies,
            note: note)
    }

    /// Options of a run (one snapshot or a manifest), which no line sets.
    private static func run(_ options: [any OptionDeclaration]) -> [(any OptionDeclaration, OptionDoors.Rule)] {
        options.map { ($0, .only("snapshot", "manifest")) }
    }

    /// Options that apply through every door but the list of devices.
    private static func everywhereButDevices(
        _ options: [any OptionDeclaration]
    ) -> [(any OptionDeclaration, OptionDoors.Rule)] {
        options.map { ($0, OptionDoors.Rule(["devices": .refused], otherwise: .applies)) }
    }
}
