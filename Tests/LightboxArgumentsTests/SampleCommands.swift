@testable import LightboxArguments

/// A small command tree shaped like the real `lightbox` tool, used by the parser tests.
enum SampleSpec {
    /// The sample's typed options, declared once as the real commands declare theirs.
    static let rect = Option<String>(
        "rect", valueName: "x,y,w,h",
        help: "A rectangle in normalized coordinates; give one per crop. Values may be "
            + "negative or exceed 1 to reach outside the image.", repeated: true
    ).required
    static let output = Option<String>(
        "output", short: "o", valueName: "output", help: "Where to write the result."
    ).required
    static let quality = Option<Int>(
        "quality", short: "q", valueName: "q", help: "JPEG quality from 1 to 100.", in: 1...100)
    static let force = Flag("force", short: "f", help: "Overwrite the output if it exists.")
    static let strict = Flag("strict", short: "s", help: "Fail when a rectangle leaves the image.")

    static let crop = CommandSpec(
        name: "crop",
        abstract: "Crop one or more rectangles out of an image.",
        discussion: """
            EXIT CODES:
              0   The crops were written.
              64  The command line was invalid.
            """,
        arguments: [ArgumentSpec(name: "input", help: "The image to crop.")],
        options: ([rect, output, quality, force, strict] as [any OptionDeclaration]).specs,
        examples: ["lightbox crop photo.jpg --rect 0,0,0.5,0.5 -o top-left.jpg"]
    )

    static let view = CommandSpec(
        name: "view",
        abstract: "Show images in the terminal.",
        arguments: [ArgumentSpec(name: "images", help: "The images to show.", isRepeating: true)],
        options: [Option<String>("offset", valueName: "dx,dy", help: "Shift the view by a number of pixels.").spec]
    )

    static let root = CommandSpec(
        name: "lightbox",
        abstract: "Crop and inspect images.",
        subcommands: [crop, view],
        examples: ["lightbox crop photo.jpg --rect 0,0,1,1 -o copy.jpg"]
    )

    /// The minimal valid crop invocation after the `crop` word.
    static let cropRequired = ["in.jpg", "--rect", "0,0,1,1", "-o", "out.jpg"]

    /// Parses a command line against the sample root.
    static func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        try ArgumentParser.parse(arguments, root: root)
    }

    /// The outcome expected for a successful crop invocation.
    static func cropRun(_ positionals: [String], _ values: [String: [String]]) -> ParseOutcome {
        .run(
            ParsedCommand(command: crop, path: ["lightbox", "crop"], positionals: positionals, values: values),
            path: ["lightbox", "crop"])
    }

    /// Returns the error thrown for a command line, or nil when parsing succeeds.
    static func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }
}
