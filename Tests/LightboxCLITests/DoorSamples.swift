/// A value each option takes in the walk of `OptionDoorTests`, none its default (so an option
/// that applies changes what is planned), with what it is given beside (both sides of the
/// comparison get it). Paths are under `{dir}`, the `DoorFixture`.
enum DoorSamples {
    /// The arguments of one option, and those it is compared beside (a `-o` there replaces the
    /// door's own); `bases` replaces a door's arguments where the option needs other files.
    struct Sample {
        let args: [String]
        var beside: [String] = []
        var bases: [String: [String]] = [:]
    }

    /// The sample of `--long` for `command`: its own when it has one (a dataset format's for
    /// `crop`), else the shared one.
    static func sample(_ command: String, _ long: String) -> Sample? {
        own[command]?[long] ?? (command == "crop" ? DatasetDoors.samples[long] : nil) ?? roots[long]
            ?? shared[long].map { Sample(args: $0) }
    }

    /// The options several commands share, with the same meaning.
    static let shared: [String: [String]] = [
        "output": ["-o", "other/{stem}-{n}.png"], "manifest": ["--manifest", "{dir}/m.csv"],
        "out-dir": ["--out-dir", "{dir}/elsewhere"], "force": ["--force"], "dry-run": ["--dry-run"],
        "json": ["--json"], "quiet": ["-q"], "quality": ["--quality", "42"], "fail-on": ["--fail-on", "none"],
        "max-pixels": ["--max-pixels", "1000000"], "format": ["--format", "webp"], "timeout": ["--timeout", "33"],
        "max-memory": ["--max-memory", "512"], "root": ["--root", "{dir}"], "jobs": ["--jobs", "3"],
        "report": ["--report", "{dir}/r.jsonl"], "resume": ["--resume"], "shard": ["--shard", "1/2"],
        "keep-metadata": ["--keep-metadata"], "strip": ["--strip"], "strip-icc": ["--strip-icc"],
        "device": ["--device", "iphone-se"], "background": ["--background", "red"],
        "max-failures": ["--max-failures", "2"], "reduce-motion": ["--reduce-motion"], "scale": ["--scale", "2"],
    ]

    /// `--read-root` and `--write-root`, each given beside the other (alone, each is refused).
    static let roots: [String: Sample] = [
        "read-root": Sample(args: ["--read-root", "{dir}/img"], beside: ["--write-root", "{dir}/ds"]),
        "write-root": Sample(args: ["--write-root", "{dir}/ds"], beside: ["--read-root", "{dir}/img"]),
    ]

    /// Options whose sample differs by command, or needs something beside it.
    static let own: [String: [String: Sample]] = [
        "crop": [
            "rect": Sample(args: ["--rect", "0.2,0.2,0.3,0.3"]), "units": Sample(args: ["--units", "px"]),
            "angle": Sample(args: ["--angle", "10"]), "only": Sample(args: ["--only", "cat"]),
            "pad": Sample(args: ["--pad", "0.1"]), "square": Sample(args: ["--square"]),
            "oriented": Sample(args: ["--oriented", "upright"]), "mask": Sample(args: ["--mask"]),
            "lossless": Sample(args: ["--lossless"]), "min-side": Sample(args: ["--min-side", "0.01"]),
            "strict": Sample(args: ["--strict"]), "preview": Sample(args: ["--preview", "{dir}/prev/{stem}-{n}.png"]),
            "contact-sheet": Sample(args: ["--contact-sheet", "{dir}/sheet.png"]),
            "screen": Sample(args: ["--screen", "400x900"]), "resize": Sample(args: ["--resize", "64"]),
            "fit": Sample(args: ["--fit", "contain"]),
            "pad-colour": Sample(args: ["--pad-colour", "red"], beside: ["--resize", "64"]),
            "format": Sample(args: ["--format", "png"]),
        ],
        "view": [
            "screen": Sample(args: ["--screen", "400x900"]), "safe-area": Sample(args: ["--safe-area", "10,20"]),
            "list-devices": Sample(args: ["--list-devices"]), "output": Sample(args: ["-o", "other.png"]),
            "page": Sample(args: ["--page", "1"]), "zoom": Sample(args: ["--zoom", "2"]),
            "max-zoom": Sample(args: ["--max-zoom", "3"]), "offset": Sample(args: ["--offset", "10,0"]),
            "double-tap": Sample(args: ["--double-tap"]), "pull": Sample(args: ["--pull", "40"]),
            "style": Sample(args: ["--style", "screen"]), "threshold": Sample(args: ["--threshold", "100"]),
            "predicted": Sample(args: ["--predicted", "400"], beside: ["-o", "v.gif"]),
            "under": Sample(args: ["--under", "red"]), "chrome": Sample(args: ["--chrome"]),
            "animate": Sample(args: ["--animate", "zoom"], beside: ["-o", "v.gif"]),
            "frames": Sample(args: ["--frames", "5"], beside: ["-o", "v.gif"]),
            "duration": Sample(args: ["--duration", "1"], beside: ["-o", "v.gif"]),
            "manifest": Sample(args: ["--manifest", "{dir}/states.jsonl"]),
            "format": Sample(args: ["--format", "webp"], beside: ["-o", "v"]),
            "device": Sample(args: ["--device", "iphone-se"]),
            "quality": Sample(args: ["--quality", "42"], beside: ["-o", "v.jpg"]),
        ],
        "board": [
            "layout": Sample(args: ["--layout", "{dir}/layout.json"]), "captions": Sample(args: ["--captions", "x"]),
            "id": Sample(args: ["--id", "x"]), "size": Sample(args: ["--size", "400x300"]),
            "card-width": Sample(args: ["--card-width", "90"]), "background": Sample(args: ["--background", "red"]),
            "output": Sample(args: ["-o", "other.png"]), "dragging": Sample(args: ["--dragging", "a:10,10"]),
            "placeholder": Sample(args: ["--placeholder"]), "print-layout": Sample(args: ["--print-layout", "-"]),
            "format": Sample(args: ["--format", "webp"], beside: ["-o", "b"]),
            "quality": Sample(args: ["--quality", "42"], beside: ["-o", "b.jpg"]),
        ],
        "batch": [
            "oriented": Sample(args: ["--oriented", "upright"]), "mask": Sample(args: ["--mask"]),
            "lossless": Sample(args: ["--lossless"]),
            "max-line": Sample(args: ["--max-line", "5000"]), "max-rects": Sample(args: ["--max-rects", "7"]),
            "max-photos": Sample(args: ["--max-photos", "9"]),
            "max-board-bytes": Sample(args: ["--max-board-bytes", "123456"]),
        ],
    ]
}
