import Foundation
import Testing
import Vips

/// The viewer on a device: the header below the top safe area, presets and their overrides, Reduce Motion.
@Suite(.processes) struct ViewDeviceTests {
    /// A black 600x900 photo in `scratch`: the header rows are over black.
    static func black(_ scratch: Scratch) throws -> String {
        let path = scratch.path("black.png")
        try VImage.filled(width: 600, height: 900, color: [0, 0, 0]).save(to: path, saver: "pngsave")
        return path
    }

    /// The first and last rows of the label's ink (left 120 points) in a 320-point-wide output at scale 1.
    static func labelRows(_ image: VImage) throws -> (Int, Int)? {
        var rows: [Int] = []
        for y in 0..<min(image.height, 160) where try ViewHelpers.mean(image, 16, y, 104, 1) > 8 { rows.append(y) }
        guard let first = rows.first, let last = rows.last else { return nil }
        return (first, last)
    }

    /// (safe-area option, expected row of the header's top): the label is centred on the 44-point row below it.
    @Test(arguments: [([String](), 0), (["--safe-area", "59,34"], 59), (["--safe-area", "20,0"], 20)])
    func headerIsLaidOutBelowTheTopSafeArea(extra: [String], top: Int) throws {
        let scratch = try Scratch()
        let image = try ViewHelpers.render(
            ["--screen", "320x480", try Self.black(scratch), "--chrome"] + extra, in: scratch)
        let rows = try #require(try Self.labelRows(image))
        #expect(rows.0 >= top + 8 && rows.1 <= top + 36, "label rows \(rows) for a header at \(top)")
        #expect(abs(Double(rows.0 + rows.1) / 2 - Double(top + 22)) <= 3, "label rows \(rows)")
        // The cross is at the button's centre, 22 points below the header's top.
        #expect(try image.pixel(x: 282, y: top + 22).allSatisfy { $0 > 200 })
    }

    /// (options, output width, height, JSON scale, safe top): a preset and the options that override it.
    @Test(arguments: [
        (["--device", "iphone-15"], 1179, 2556, 3.0, 59.0),
        (["--device", "iphone-17"], 1206, 2622, 3, 62),
        (["--device", "iphone-air"], 1260, 2736, 3, 68),
        (["--device", "iphone-17-air"], 1260, 2736, 3, 68),
        (["--device", "iphone-17-pro"], 1206, 2622, 3, 62),
        (["--device", "iphone-17-pro-max"], 1320, 2868, 3, 62),
        (["--device", "ipad-a16", "--scale", "1"], 820, 1180, 1, 24),
        (["--device", "iphone-15", "--scale", "1"], 393, 852, 1, 59),
        (["--device", "ipad-pro-11", "--screen", "400x300", "--safe-area", "10,0"], 800, 600, 2, 10),
    ])
    func devicePresetsAndOverrides(options: [String], width: Int, height: Int, scale: Double, top: Double) throws {
        let scratch = try Scratch()
        let plan = try ViewHelpers.plan([try Self.black(scratch)] + options)
        let safe = try #require(plan["safeArea"] as? [String: Any])
        #expect(plan["scale"] as? Double == scale)
        #expect(safe["top"] as? Double == top)
        let image = try ViewHelpers.render([try Self.black(scratch)] + options, in: scratch)
        #expect(image.width == width && image.height == height)
    }

    /// The label's digits are tabular (`.monospacedDigit()`): "11 of 19" and "18 of 19" end on the same column.
    ///
    /// Both start with the same digit, so their ink starts at the same place in the line.
    @Test func labelDigitsAreMonospaced() throws {
        let scratch = try Scratch()
        let pages =
            ["--screen", "320x480", "--chrome", "--scale", "2"]
            + [String](repeating: try Self.black(scratch), count: 19)
        var ends: [Int] = []
        for page in ["10", "17"] {
            let image = try ViewHelpers.render(pages + ["--page", page], as: "page-\(page).png", in: scratch)
            let inked = try (32..<300).filter { x in try ViewHelpers.mean(image, x, 0, 1, 88) > 4 }
            ends.append(try #require(inked.last))
        }
        #expect(ends[0] == ends[1], "label ends \(ends)")
    }

    /// A safe area below the bottom of the screen puts the header off the page: nothing is drawn, nothing fails.
    @Test(arguments: ["480,0", "1000,0"])
    func aHeaderBelowTheScreenIsNotDrawn(safeArea: String) throws {
        let scratch = try Scratch()
        let base = ["--screen", "320x480", ViewHelpers.pattern, "--safe-area", safeArea]
        let plain = try ViewHelpers.render(base, as: "plain.png", in: scratch)
        let chrome = try ViewHelpers.render(base + ["--chrome"], as: "chrome.png", in: scratch)
        #expect(try ImageDifference.mean(plain, chrome) == 0)
    }

    @Test(arguments: [
        ("--device", "pixel-9", "unknown device (use one of iphone-se,"),
        ("--device", "iphone17", "unknown device; did you mean 'iphone-17'? (lightbox view --list-devices lists them)"),
        ("--device", "iPad-Pro13", "unknown device; did you mean 'ipad-pro-13'?"),
        ("--safe-area", "59", "expected TOP,BOTTOM"),
        ("--safe-area", "-1,0", "expected TOP,BOTTOM"),
    ])
    func badDeviceOptionsAreUsageErrors(option: String, value: String, message: String) throws {
        let result = try CommandRunner.run(["view", "a.jpg", "--screen", "320x480", option, value, "-o", "x.png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(option) '\(value)': \(message)"), "\(result.stderr)")
    }

    /// Screen style pulled 70 of 140: the page shrinks to 0.95 around its centre, unless Reduce Motion is on.
    @Test func reduceMotionKeepsTheDismissPageFullSize() throws {
        let scratch = try Scratch()
        let base = ["--screen", "320x480", ViewHelpers.pattern, "--style", "screen", "--pull", "70"]
        let moving = try ViewHelpers.render(base, as: "moving.png", in: scratch)
        let still = try ViewHelpers.render(base + ["--reduce-motion"], as: "still.png", in: scratch)
        // Scaled, the page's left edge is at x 8; full size it starts at 0. Its opacity is 0.85 either way.
        #expect(try moving.pixel(x: 3, y: 240)[3] == 0)
        #expect(try still.pixel(x: 3, y: 240)[3] == 217)
    }

    /// A manifest line's device is its whole screen: screen, scale and safe areas together, over
    /// the command line's; a line without one takes the command line's, and a line's own scale
    /// beside its device wins, as on the command line.
    @Test func aLinesDeviceSetsItsScreenScaleAndSafeAreasTogether() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "p.png")
        try scratch.write(
            """
            {"input":"p.png","device":"iphone-16","output":"device.png"}
            {"input":"p.png","output":"plain.png"}
            {"input":"p.png","device":"iphone-16","scale":1,"output":"own.png"}
            """ + "\n", to: "m.jsonl")
        let defaults = ["--screen", "390x844", "--scale", "2", "--safe-area", "10,10"]
        let plan = try CommandRunner.run(
            ["view", "--manifest", "m.jsonl", "--out-dir", "o", "--dry-run"] + defaults, in: scratch.url)
        let lines = plan.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(plan.stderr)")
        let parts = ##""screen":{"width":393,"height":852},"scale":3,"safeArea":{"top":59,"bottom":34}"##
        #expect(lines.first?.contains(parts) == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains(##""scale":2,"safeArea":{"top":10,"bottom":10}"##) == true)
        #expect(lines.last?.contains(##""scale":1,"safeArea":{"top":59,"bottom":34}"##) == true)
        let run = try CommandRunner.run(
            ["view", "--manifest", "m.jsonl", "--out-dir", "o"] + defaults, in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        for (name, width, height) in [("device", 1179, 2556), ("plain", 780, 1688), ("own", 393, 852)] {
            let image = try VImage.load(scratch.path("o/\(name).png"))
            #expect(image.width == width && image.height == height, "\(name)")
        }
    }
}
