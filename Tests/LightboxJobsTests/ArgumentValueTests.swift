import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender
import Testing
import Vips

@testable import LightboxJobs

/// Tables of each option value type's `init?(argument:)`: the forms it reads and the forms it refuses.
@Suite struct ArgumentValueTests {
    @Test(arguments: [("390x844", 390.0, 844.0), ("600X800", 600, 800), (" 2.5 x 3 ", 2.5, 3), ("-1x0", -1, 0)])
    func sizes(text: String, width: Double, height: Double) throws {
        #expect(try #require(CGSize(argument: text)) == CGSize(width: width, height: height))
    }

    @Test(arguments: ["390", "390x", "x844", "390x844x2", "axb", "nanx1", "infx1", "390,844", ""])
    func badSizes(text: String) {
        #expect(CGSize(argument: text) == nil)
    }

    @Test(arguments: [("40,-20", 40.0, -20.0), ("0,0", 0, 0), (" 1.5 , 2 ", 1.5, 2)])
    func pairs(text: String, first: Double, second: Double) throws {
        let pair = try #require(Pair(argument: text))
        #expect(pair.first == first && pair.second == second)
    }

    @Test(arguments: ["59", "1,2,3", "a,1", "1,", ",1", "nan,1", "1x2", ""])
    func badPairs(text: String) {
        #expect(Pair(argument: text) == nil)
    }

    /// (`--max-failures` text, failed, total, allowed).
    @Test(arguments: [
        ("0", 0, 10, true), ("0", 1, 10, false), ("3", 3, 10, true), ("3", 4, 10, false),
        ("10%", 1, 10, true), ("10%", 2, 10, false), ("2.5%", 1, 40, true), ("2.5%", 2, 40, false),
        ("100%", 40, 40, true), ("0%", 1, 427, false), (" 5% ", 21, 427, true),
    ])
    func failureBudgets(text: String, failed: Int, total: Int, allowed: Bool) throws {
        let budget = try #require(FailureBudget(argument: text))
        #expect(budget.allows(failed: failed, of: total) == allowed)
    }

    @Test(arguments: ["-1", "x", "5%%", "101%", "-2%", "nan%", "", "%", "1.5"])
    func badFailureBudgets(text: String) {
        #expect(FailureBudget(argument: text) == nil)
    }

    @Test(arguments: [("224x112", 224, 112), ("224", 224, 224), ("1X40000", 1, 40000)])
    func pixelSizes(text: String, width: Int, height: Int) throws {
        let size = try #require(PixelSize(argument: text))
        #expect(size.width == width && size.height == height)
    }

    @Test(arguments: ["0", "224x", "x224", "5x0", "2.5", "1x2x3", "-4", "", "99999999999"])
    func badPixelSizes(text: String) {
        #expect(PixelSize(argument: text) == nil)
    }

    /// `r,g,b` is 0 to 255 in every command: the one colour grammar of `BoardColor`.
    @Test(arguments: [
        ("white", [255.0, 255, 255]), ("#f00", [255, 0, 0]), ("#00ff00", [0, 255, 0]), ("0,0,255", [0, 0, 255]),
        ("rgb(10,20,30)", [10, 20, 30]), ("1,1,1", [1, 1, 1]), ("steelblue", [70, 130, 180]),
    ])
    func colours(text: String, bytes: [Double]) throws {
        #expect(try #require(BoardColor(argument: text)).bytes(over: 0).map { $0.rounded() } == bytes)
    }

    @Test(arguments: ["reddish", "#12345", "1,2,300", "1,2", "rgb(1,2)", "", "-1,0,0"])
    func badColours(text: String) {
        #expect(BoardColor(argument: text) == nil)
    }

    @Test(arguments: [
        ("0.1,0.2,0.3,0.4", CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)),
        (" 0 , 0 , 1 , 1 ", CGRect(x: 0, y: 0, width: 1, height: 1)),
    ])
    func rects(text: String, rect: CGRect) {
        #expect(CGRect(argument: text) == rect)
    }

    @Test(arguments: [
        ("1,2,3", "expected 4 numbers x,y,width,height, got 3"), ("a,0,1,1", "x 'a' is not a number"),
        ("0,0,1,", "height '' is not a number"),
    ])
    func badRects(text: String, problem: String) {
        #expect(CGRect(argument: text) == nil)
        #expect(CGRect.problem(with: text) == problem)
    }

    @Test(arguments: [("0.5", CropRect.MinimumSide.fraction(0.5)), ("1", .fraction(1)), ("32px", .pixels(32))])
    func minimumSides(text: String, side: CropRect.MinimumSide) {
        #expect(CropRect.MinimumSide(argument: text) == side)
    }

    @Test(arguments: ["0", "2", "-0.5", "0px", "1.5px", "px", "abc", ""])
    func badMinimumSides(text: String) {
        #expect(CropRect.MinimumSide(argument: text) == nil)
    }

    @Test(arguments: [("1/4", 0, 4), ("4/4", 3, 4), ("1/1", 0, 1)])
    func shards(text: String, index: Int, count: Int) {
        #expect(Shard(argument: text) == Shard(index: index, count: count))
    }

    @Test(arguments: [("0/4", true), ("5/4", false), ("1/0", false), ("1", false), ("a/b", false), ("", false)])
    func badShards(text: String, countsFromZero: Bool) {
        #expect(Shard(argument: text) == nil)
        #expect(Shard.problem(with: text).contains("shards count from 1") == countsFromZero)
    }

    @Test(arguments: [("none", FailOn.none), ("truncated", .truncated), ("error", .error), ("warning", .warning)])
    func failLevels(text: String, level: FailOn) {
        #expect(FailOn(argument: text) == level)
    }

    @Test(arguments: ["never", "Error", ""])
    func badFailLevels(text: String) {
        #expect(FailOn(argument: text) == nil)
        #expect(FailOn.expected == "use one of none, truncated, error, warning")
    }

    @Test(arguments: [("jpg", OutputFormat.jpeg), ("png", .png), ("webp", .webp), ("heic", .heic)])
    func streamFormats(text: String, format: OutputFormat) {
        #expect(OutputFormat(argument: text) == format)
    }

    @Test(arguments: ["jpeg", "bmp", "PNG", ""])
    func badStreamFormats(text: String) {
        #expect(OutputFormat(argument: text) == nil)
    }

    @Test(arguments: [("Oslo:40,-20", "Oslo", 40.0, -20.0), ("a/b:c.jpg:0,0", "a/b:c.jpg", 0, 0)])
    func drags(text: String, id: String, dx: Double, dy: Double) {
        #expect(BoardDrag(argument: text) == BoardDrag(id: id, translation: CGSize(width: dx, height: dy)))
    }

    @Test(arguments: ["Oslo", ":1,2", "Oslo:1", "Oslo:1,2,3", "Oslo:200000,0"])
    func badDrags(text: String) {
        #expect(BoardDrag(argument: text) == nil)
    }

    @Test(arguments: [("80", 80), (" 7 ", 7), ("-3", -3)])
    func wholeNumbers(text: String, value: Int) {
        #expect(Int(argument: text) == value)
    }

    @Test(arguments: [("2.5", 2.5), ("-1e3", -1000), (" 4 ", 4)])
    func numbers(text: String, value: Double) {
        #expect(Double(argument: text) == value)
    }

    @Test(arguments: ["nan", "inf", "-infinity", "abc", "1,5", ""])
    func badNumbers(text: String) {
        #expect(Double(argument: text) == nil)
        #expect(Int(argument: text) == nil)
    }

    @Test(arguments: [("iphone-16", true), ("pixel-9", false)])
    func devices(text: String, known: Bool) {
        #expect((DevicePreset(argument: text) != nil) == known)
        #expect(DevicePreset.choices.contains(text) == known)
    }

    /// A range narrows the numbers an option takes, and its usage error states the range.
    @Test(arguments: [("5", true), ("0", false), ("101", false), ("x", false)])
    func rangedOptions(text: String, accepted: Bool) {
        let option = Option<Int>("quality", valueName: "q", help: "", in: 1...100)
        #expect((option.read(text) != nil) == accepted)
        #expect(option.problem(with: text) == "expected a whole number from 1 to 100")
    }
}
