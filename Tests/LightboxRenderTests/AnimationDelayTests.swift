import Foundation
import LightboxRender
import SeededRandom
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

    @Test func framesTooShortAreWarnedAbout() {
        #expect(ViewAnimation.shortDelay(frames: 12, duration: 0.4, format: .gif) == nil)
        #expect(
            ViewAnimation.shortDelay(frames: 60, duration: 0.25, format: .gif)
                == "--frames 60 over 0.25 s gives 4.16667 ms a frame; GIF delays are whole centiseconds and browsers show delays under 20 ms for 100 ms: use fewer frames or a longer --duration"
        )
        #expect(
            ViewAnimation.shortDelay(frames: 20, duration: 0.25, format: .gif)?.hasSuffix(
                "use fewer frames, a longer --duration or .webp") == true)
        #expect(ViewAnimation.shortDelay(frames: 20, duration: 0.25, format: .webp) == nil)
        #expect(
            ViewAnimation.shortDelay(frames: 12, duration: 0.12, format: .webp)
                == "--frames 12 over 0.12 s gives 10 ms a frame; the WebP keeps these delays, but browsers show a frame of 10 ms or less for 100 ms: use fewer frames or a longer --duration"
        )
        // 10.25 ms on average: some frames get 10 ms.
        #expect(ViewAnimation.shortDelay(frames: 40, duration: 0.41, format: .webp) != nil)
    }

    /// (stored durations, asked delays, mended durations): libvips writes 100 ms for 10 ms or
    /// less, and libwebp merges a frame identical to the one before it.
    static let stored: [([Int], [Int], [Int]?)] = [
        ([100, 100, 100], [10, 10, 10], [10, 10, 10]),
        ([100, 200], [8, 9, 8], [8, 17]),
        ([111], [11, 0], [11]),
        ([11, 100], [11, 0], [11, 0]),
        ([30, 40], [30, 40], [30, 40]),
        ([100], [9, 9], nil),
        ([100, 100, 100], [10, 10], nil),
    ]

    @Test(arguments: stored)
    func storedWebPFramesAreMatchedToTheDelays(stored: [Int], delays: [Int], mended: [Int]?) {
        #expect(WebPFrameTiming.durations(stored: stored, delays: delays) == mended)
    }

    /// Any run of merges of any delays is undone: the mended frames add up to the delays.
    @Test func everyMergeOfShortFramesIsMatched() {
        var random = SeededRandom(seed: 11)
        var wrong: [String] = []
        for _ in 0..<2000 {
            let delays = (0..<Int.random(in: 1...40, using: &random)).map { _ in Int.random(in: 0...30, using: &random)
            }
            var stored: [Int] = []
            var asked: [Int] = []
            for delay in delays {
                if !stored.isEmpty, Bool.random(using: &random) {
                    stored[stored.count - 1] += WebPFrameTiming.written(delay)
                    asked[asked.count - 1] += delay
                } else {
                    stored.append(WebPFrameTiming.written(delay))
                    asked.append(delay)
                }
            }
            if WebPFrameTiming.durations(stored: stored, delays: delays) != asked { wrong.append("\(delays)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }
}
