import Foundation
import Testing
import Vips

/// `--chrome` draws "N of M" and the close button on the header row, only while the viewer is not pulled.
@Suite(.processes) struct ViewChromeTests {
    /// Three pages of the pattern in 320x480 points: the header row (0...44) is over black.
    static let pages = ["--screen", "320x480", ViewHelpers.pattern, ViewHelpers.pattern, ViewHelpers.pattern]

    @Test func headerIsDrawnOverTheBlack() throws {
        let scratch = try Scratch()
        let plain = try ViewHelpers.render(Self.pages + ["--page", "1"], as: "plain.png", in: scratch)
        let chrome = try ViewHelpers.render(Self.pages + ["--page", "1", "--chrome"], as: "chrome.png", in: scratch)
        #expect(try ViewHelpers.mean(plain, 0, 0, 320, 44) == 0)
        // The button is centred at (282, 22): over black its material is the tint alone (28 at 55%: 15), its cross white.
        let disc = try chrome.pixel(x: 270, y: 12)
        #expect(disc.allSatisfy { abs($0 - 15) <= 1 }, "\(disc)")
        #expect(try chrome.pixel(x: 282, y: 22).allSatisfy { $0 > 200 })
        #expect(try chrome.pixel(x: 300, y: 40) == [0, 0, 0])
        // The label sits 16 points from the left, centred on the row.
        #expect(try ViewHelpers.mean(chrome, 16, 12, 48, 20) > 20)
        #expect(try ViewHelpers.mean(chrome, 0, 0, 14, 44) == 0)
        #expect(try ViewHelpers.mean(chrome, 16, 0, 48, 8) == 0)
        // Below the header the picture is untouched.
        #expect(
            try ImageDifference.mean(
                chrome.crop(left: 0, top: 44, width: 320, height: 436),
                plain.crop(left: 0, top: 44, width: 320, height: 436)) == 0)
    }

    @Test func labelNamesThePageShown() throws {
        let scratch = try Scratch()
        let second = try ViewHelpers.render(Self.pages + ["--page", "1", "--chrome"], as: "second.png", in: scratch)
        let third = try ViewHelpers.render(Self.pages + ["--page", "2", "--chrome"], as: "third.png", in: scratch)
        let clamped = try ViewHelpers.render(Self.pages + ["--page", "9", "--chrome"], as: "clamped.png", in: scratch)
        let label = (0, 0, 120, 44)
        let a = try second.crop(left: label.0, top: label.1, width: label.2, height: label.3)
        let b = try third.crop(left: label.0, top: label.1, width: label.2, height: label.3)
        #expect(try ImageDifference.mean(a, b) > 1)
        #expect(try ImageDifference.mean(third, clamped) == 0)
    }

    @Test func headerHidesWhilePulled() throws {
        let scratch = try Scratch()
        let plain = try ViewHelpers.render(Self.pages + ["--pull", "10"], as: "plain.png", in: scratch)
        let chrome = try ViewHelpers.render(Self.pages + ["--pull", "10", "--chrome"], as: "chrome.png", in: scratch)
        #expect(try ImageDifference.mean(plain, chrome) == 0)
    }

    @Test func screenStyleShrinksTheHeaderWithThePage() throws {
        // Pull 70 at threshold 140: scale 0.95; the page's corner is at (8, 82), the button centre at (275.9, 102.9).
        let scratch = try Scratch()
        let image = try ViewHelpers.render(Self.pages + ["--style", "screen", "--pull", "70", "--chrome"], in: scratch)
        #expect(try image.pixel(x: 276, y: 103).prefix(3).allSatisfy { $0 > 200 })
        #expect(try image.pixel(x: 282, y: 22) == [0, 0, 0, 0])
    }
}
