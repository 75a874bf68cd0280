import Foundation
import LightboxArguments
import LightboxJobs

/// Where each option of `lightbox crop` applies: rects on the command line, a manifest, or a door
/// of one of the dataset formats (`DatasetFormat.all`, whose doors and own options are read from
/// there). Every option is here; one given where it does not apply is refused before any work
/// (docs/crop.md, "Where each option applies").
enum CropDoors {
    /// The door of `parsed`: the source it names.
    static func door(of parsed: ParsedCommand) -> String {
        if parsed.has(OutputOptions.manifest) { return "manifest" }
        return DatasetFormat.all.lazy.compactMap { $0.door(of: parsed) }.first ?? "rects"
    }

    /// Every dataset door.
    private static let datasets = DatasetFormat.doorNames
    /// Why a second source is refused.
    private static let oneSource = "a run reads one source"
    /// What `--oriented` and `--mask` cut, for their messages.
    private static let shapes =
        "it cuts oriented boxes, polygons and masks: "
        + (["--angle"] + DatasetFormat.all.compactMap(\.shapes)).joined(separator: ", ")

    /// A door's table entry.
    private typealias Entry = (any OptionDeclaration, OptionDoors.Rule)

    /// The table.
    static let table = OptionDoors(
        doors: [.init("rects", described: "rects on the command line"), .init("manifest", described: "--manifest")]
            + DatasetFormat.all.flatMap { format in
                format.doors.map { OptionDoors.Door($0.name, described: $0.described) }
            },
        rules: sources + datasetRules + everyDoor
            + OptionDoors.everywhere(
                ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared + BatchOptions.declared),
        conflicts: RunConflicts.all + [
            .init(OutputOptions.stripICC, with: [.init(OutputOptions.strip)], note: "--strip drops the profile too"),
            .init(ReadWriteOptions.quality, with: [.init(CropCutOptions.lossless)], note: "it does not re-encode"),
            .init(
                DeviceOptions.device, with: [.init(DeviceOptions.cropScreen)],
                note: "--screen sets the whole crop screen, without safe areas"),
        ]
    )

    /// Where the rects and their source are given: the command line, a manifest.
    private static let sources: [Entry] = [
        (CropOptions.rect, .only("rects")), (CropOptions.units, .only("rects", "manifest")),
        (CropCutOptions.angle, .only("rects", "manifest")), (OutputOptions.output, .only("rects")),
        (OutputOptions.manifest, .only("manifest", note: oneSource)),
    ]

    /// Each format's option through its doors, `--images` through those that read a folder of
    /// images, each format's own options through theirs, and what every dataset takes.
    private static let datasetRules: [Entry] = {
        let options: [Entry] = DatasetFormat.all.map { format in
            (format.option, .only(format.doors.map(\.name), note: oneSource))
        }
        let own: [Entry] = DatasetFormat.all.flatMap { format in
            format.own.map { own -> Entry in (own.option, .only(own.doors)) }
        }
        let images: Entry = (CropOptions.images, .only(DatasetFormat.all.flatMap(\.images)))
        return options + [images] + own + [(CropOptions.only, .only(datasets)), (CropOptions.pad, .only(datasets))]
    }()

    /// The options of every source, some needing others beside them.
    private static let everyDoor: [Entry] = [
        (CropOptions.square, .everywhere),
        (CropCutOptions.oriented, shaped), (CropCutOptions.mask, shaped),
        (CropCutOptions.lossless, .everywhere), (CropOptions.background, .everywhere),
        (OutputOptions.outDir, .everywhere), (OutputOptions.keepMetadata, .everywhere),
        (OutputOptions.strip, .everywhere), (OutputOptions.stripICC, .everywhere),
        (CropOptions.minSide, .everywhere),
        (CropOptions.strict, .everywhere), (OutputOptions.force, .everywhere), (CropOptions.preview, .everywhere),
        (CropOptions.contactSheet, .everywhere),
        (DeviceOptions.cropScreen, .needs(previews, note: "it is the crop screen previews are drawn on")),
        (DeviceOptions.device, .needs(previews, note: "its screen is the crop screen previews are drawn on")),
        (OutputOptions.dryRun, .everywhere), (OutputOptions.json, .everywhere), (OutputOptions.quiet, .everywhere),
        (ResizeOptions.resize, .everywhere), (ResizeOptions.fit, .needs([.init(ResizeOptions.resize)])),
        (
            ResizeOptions.padColour,
            .needs([.init(ResizeOptions.fit, "contain")], note: "cover and fill leave no padding")
        ),
    ]

    /// `--oriented` and `--mask`: a rect on the command line has a shape only with `--angle`, and
    /// a format of boxes only (VOC) has none, so there they would change nothing.
    private static let shaped: OptionDoors.Rule = {
        var uses: [String: OptionDoors.Use] = ["rects": .needs([.init(CropCutOptions.angle)])]
        for format in DatasetFormat.all where format.shapes == nil {
            for door in format.doors { uses[door.name] = .refused }
        }
        return OptionDoors.Rule(uses, otherwise: .applies, note: shapes)
    }()

    /// `--preview` or `--contact-sheet`, which the crop screen's options need.
    private static let previews: [OptionDoors.Requirement] = [
        .init(CropOptions.preview), .init(CropOptions.contactSheet),
    ]
}
