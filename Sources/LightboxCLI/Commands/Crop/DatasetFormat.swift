import Foundation
import LightboxArguments
import LightboxFormats
import LightboxJobs

/// One dataset format `lightbox crop` reads, declared once: its option, its doors (one per
/// layout it reads), the options of its own and the doors each goes with, what help says of it,
/// and how its reader is made. `CropDoors`, `CropOptions.declared`, `CropHelp` and `CropDatasets`
/// are built from `all`, so a new format is a reader, a value of this type and its place in `all`.
struct DatasetFormat: Sendable {
    /// A door of the format: its name in the doors table, and how messages and help call it.
    typealias Door = (name: String, described: String)
    /// An option of the format's own and the format's doors it goes with.
    typealias Own = (option: any OptionDeclaration, doors: [String])
    /// Makes the format's source: the command line (checked by the doors table already), the
    /// door, the option's value and the options every format shares.
    typealias Source = @Sendable (ParsedCommand, String, String, DatasetOptions) throws(UsageError) -> CropSource

    /// Every format, in the order help and messages list them.
    static let all: [DatasetFormat] = [.yolo, .coco, .voc]

    /// The option naming the dataset (`--coco instances.json`).
    let option: Option<String>
    /// The format's doors; the first is taken unless `door` picks another for the option's value.
    let doors: [Door]
    /// The door of the option's value, such as `--yolo`'s data.yaml or label folder.
    var door: @Sendable (String) -> String? = { _ in nil }
    /// The doors that read images from `--images` (a format that finds its images itself has none).
    let images: [String]
    /// The options of the format's own.
    var own: [Own] = []
    /// What its boxes may have besides rects, for `--oriented` and `--mask` (`COCO segmentations`);
    /// nil for a format of boxes only, where both are refused.
    let shapes: String?
    /// Its paragraph under DATASETS in `crop --help`.
    let help: String
    /// Its lines under EXAMPLES in `crop --help`.
    let examples: [String]
    /// Makes its source.
    let source: Source

    /// The door a command line giving the format's option takes.
    func door(of parsed: ParsedCommand) -> String? {
        guard let path = parsed.text(option) else { return nil }
        return door(path) ?? doors[0].name
    }

    /// The doors that read images from `--images`.
    var imageDoors: [Door] { doors.filter { images.contains($0.name) } }

    /// The names of every door of every format.
    static var doorNames: [String] { all.flatMap { $0.doors.map(\.name) } }

    /// The format `door` belongs to.
    static func of(door: String) -> DatasetFormat? {
        all.first { $0.doors.contains { $0.name == door } }
    }

    /// `a`, `a or b`, `a, b or c`: how help joins the names of doors.
    static func either(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}
