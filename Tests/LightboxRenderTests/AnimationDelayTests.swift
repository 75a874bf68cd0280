import Foundation
import LightboxRender
import Testing

/// Animation delays add up to the duration, in centiseconds for GIF and milliseconds for WebP,
/// the rounding spread over the frames.
struct AnimationDelayTests {
    /// (frames, seconds, unit, expected delays) worked by hand.
    static let worked: [(Int, Double, Int, [Int])] = [
        // The zoom: 12 frames over 0.4 s in GIF are 30 and 40 ms mixed, not 12 x 40 = 480.
        (12, 0.4, 10, [30, 30, 40, 30, 30, 40, 30, 30, 40, 30, 30, 40]),
        // WebP keeps milliseconds: 0.25 s over 3 frames.
        (3, 0.25, 1, [83, 83, 84]),
        (2, 0.1, 10, [50, 50]),
    ]

    @Test(arguments: worked)
    func workedExamples(frames: Int, seconds: Double, unit: Int, expected: [Int]) {
        #expect(ViewAnimation.delays(frames: frames, duration: seconds, unit: unit) == expected)
    }

    /// Every frame count and duration: the sum is the duration in units, each delay a whole
    /// number of units, and no two delays differ by more than one unit.
    @Test(arguments: [10, 1])
    func delaysAddUpToTheDuration(unit: Int) {
        var wrong: [String] = []
        for frames in 2...120 {
            for millis in stride(from: 20, through: 3000, by: 7) {
                let seconds = Double(millis) / 1000
                let delays = ViewAnimation.delays(frames: frames, duration: seconds, unit: unit)
                let units = Int((seconds * 1000 / Double(unit)).rounded())
                let spread = (delays.max() ?? 0) - (delays.min() ?? 0)
                if delays.count != frames || delays.reduce(0, +) != units * unit
                    || !delays.allSatisfy({ $0 % unit == 0 && $0 >= 0 }) || spread > unit
                {
                    wrong.append("\(frames) frames over \(seconds) s: \(delays)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func tooManyGIFFramesAreWarnedAbout() {
        #expect(ViewAnimation.gifShortDelay(frames: 12, duration: 0.4) == nil)
        #expect(
            ViewAnimation.gifShortDelay(frames: 60, duration: 0.25)
                == "--frames 60 over 0.25 s gives 4.16667 ms a frame; GIF delays are whole centiseconds and browsers show delays under 20 ms for 100 ms: use fewer frames, a longer --duration or .webp"
        )
    }
}
