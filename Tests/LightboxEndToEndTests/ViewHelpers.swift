import Foundation
import Testing
import Vips

/// Shared steps of the `lightbox view` tests: run a snapshot, load it, read its JSON line.
enum ViewHelpers {
    /// The 640x480 coordinate pattern.
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path

    /// A 600x400 photo.
    static let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg").path

    /// Runs `lightbox view` with `arguments` writing `name` in `scratch`, expects success and loads the output.
    static func render(_ arguments: [String], as name: String = "out.png", in scratch: Scratch) throws -> VImage {
        let output = scratch.path(name)
        let result = try CommandRunner.run(["view"] + arguments + ["-o", output])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try VImage.load(output)
    }

    /// Every page of an animated output, stacked top to bottom.
    static func frames(_ path: String) throws -> VImage {
        try VImage.load(path, options: [("n", .int(-1))])
    }

    /// The JSON object `lightbox view --dry-run` prints for `arguments`.
    static func plan(_ arguments: [String]) throws -> [String: Any] {
        let result = try CommandRunner.run(["view"] + arguments + ["-o", "/tmp/lightbox-view-plan.png", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data((result.lines.first ?? "{}").utf8))
        return object as? [String: Any] ?? [:]
    }

    /// The mean of every band over an area.
    static func mean(_ image: VImage, _ left: Int, _ top: Int, _ width: Int, _ height: Int) throws -> Double {
        try image.crop(left: left, top: top, width: width, height: height).average()
    }
}
