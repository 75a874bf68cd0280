import Foundation
import LightboxRender
import Testing

/// The caption and header faces set text about as wide as SF does on the phone.
@Suite struct TypefaceWidthTests {
    /// SF's average advance as Capsize publishes it (.SFNS-Regular: 853 of 2048 units per em).
    static let sfAverageAdvance = 853.0 / 2048

    /// Whether Inter Display (Debian `fonts-inter` 4) is installed, which `make deps` sees to.
    static var interDisplayInstalled: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/inter/InterDisplay-Medium.otf")
    }

    /// (text, points, SF's width in points estimated from its average advance and Inter's).
    ///
    /// The estimate scales Inter Medium's measured width by SF's average advance over Inter
    /// Medium's (0.4783 em, `scripts/font-widths.py`): "Spring valley" is 74 points in Inter
    /// Medium 12, so about 64.4 in SF.
    static let samples: [(String, Double, Double)] = [
        ("Spring valley", 12, 74 * sfAverageAdvance / 0.4783),
        ("Harbour at dawn", 12, 97 * sfAverageAdvance / 0.4783),
    ]

    @Test(arguments: samples)
    func captionIsWithinSixPercentOfSF(text: String, points: Double, sfWidth: Double) throws {
        try #require(Self.interDisplayInstalled, "fonts-inter 4 is installed by make deps")
        let mask = try #require(try CardCaption.image(text, width: 1000, scale: points / 12))
        let ratio = Double(mask.width) / sfWidth
        #expect(abs(ratio - 1) < 0.06, "\(text): \(mask.width) px against SF's \(sfWidth)")
    }
}
