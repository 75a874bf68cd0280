import LightboxArguments
import LightboxJobs

/// Where each option of `lightbox board` applies: photos on the command line, or a layout file
/// (whose values the options beside it override). Every option is here; one given where it does
/// not apply, or without what it needs, is refused before any work.
enum BoardDoors {
    /// The door of `parsed`: a layout file, or photos on the command line.
    static func door(of parsed: ParsedCommand) -> String {
        parsed.has(BoardOptions.layout) ? "layout" : "photos"
    }

    /// The table.
    static let table = OptionDoors(
        doors: [.init("photos", described: "photos on the command line"), .init("layout", described: "--layout")],
        rules: rules + OptionDoors.everywhere(shared),
        conflicts: [
            RunConflicts.json,
            .init(
                BoardOptions.printLayout, "-", with: [.init(OutputOptions.dryRun)],
                note: "a dry run prints the layout already"),
            .init(
                DeviceOptions.device, with: [.init(BoardOverrides.size), .init(BoardOverrides.scale)],
                note: "they set all it would"),
            .init(
                BatchOptions.maxFailures, with: [.init(BoardOptions.placeholder)],
                note: "a photo that cannot be read is then an empty card and a warning, and the exit is 0 already"),
            .init(
                BatchOptions.maxFailures, with: [.init(OutputOptions.dryRun)],
                note: "a dry run reads no photo, so none can fail"),
        ])

    /// The options whose use depends on the door.
    private static let rules: [(any OptionDeclaration, OptionDoors.Rule)] = [
        (BoardOptions.layout, .only("layout")),
        (BoardOptions.captions, .only("photos", note: "the layout gives each photo its caption")),
        (BoardOptions.ids, .only("photos", note: "the layout gives each photo its id")),
        // A layout may name its own dragged card, which is checked once the file is read.
        (
            BoardOverrides.reduceMotion,
            .needs([.init(BoardOverrides.dragging)], in: ["photos"], note: "it keeps a dragged card from lifting")
        ),
    ]

    /// The options that apply through both doors (a layout's values are overridden by them).
    private static let shared: [any OptionDeclaration] =
        [
            BoardOverrides.size, DeviceOptions.device, BoardOverrides.cardWidth, BoardOverrides.scale,
            BoardOverrides.background, OutputOptions.output, BoardOverrides.dragging, BoardOptions.placeholder,
            BatchOptions.maxFailures,
            OutputOptions.dryRun, OutputOptions.json, BoardOptions.printLayout, OutputOptions.force,
            BatchOptions.jobs,
        ] + ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared
}
