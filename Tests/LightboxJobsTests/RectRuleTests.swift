import Foundation
import LightboxFormats
import LightboxGeometry
import Testing

@testable import LightboxJobs

/// The one dispatch of a rect as a door asks for it (`RectRule.asked`): turned, in pixels, or a
/// fraction, and the pixels hint only where a door names the rect (the library does not).
@Suite struct RectRuleTests {
    /// (rect, units, degrees, written, the rect taken or the refusal's reason, clipped, turned).
    @Test(
        arguments: [
            ([0.1, 0.1, 0.5, 0.5], RectUnits.fraction, nil, "R", "0.1,0.1,0.5,0.5", false, false),
            ([0.5, 0.5, 1, 1], .fraction, nil, "R", "0.5,0.5,0.5,0.5", true, false),
            (
                [2, 2, 1, 1], .fraction, nil, "R", "R looks like pixels; rects are 0 to 1, or use --units px", false,
                false
            ),
            (
                [2, 2, 1, 1], .fraction, nil, nil, "the rect lies outside the image (it must overlap 0...1)", false,
                false
            ),
            ([10, 20, 300, 400], .px, nil, "R", "10,20,300,400", false, false),
            ([10, 20, 0, 400], .px, nil, "R", "a rect in pixels needs a width and height above 0", false, false),
            ([0.6, 0.2, -0.4, 0.5], .fraction, 30, "R", "0.2,0.2,0.4,0.5", false, true),
            ([0.2, 0.2, 0.4, 0.5], .fraction, 360, "R", "0.2,0.2,0.4,0.5", false, false),
            ([0.2, 0.2, 0, 0.5], .fraction, 30, "R", "a turned rect needs a width and height above 0", false, true),
        ] as [([Double], RectUnits, Double?, String?, String, Bool, Bool)])
    func eachRectByItsKind(
        values: [Double], units: RectUnits, degrees: Double?, written: String?, taken: String, clipped: Bool,
        turned: Bool
    ) {
        let rect = CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
        switch RectRule.asked(rect, written: written, units: units, degrees: degrees, strict: false) {
        case .failure(let refusal): #expect(refusal.reason == taken)
        case .success(let asked):
            #expect(RectRule.describe(asked.rect) == taken)
            #expect(asked.clipped == clipped && (asked.shape != nil) == turned)
        }
    }
}
