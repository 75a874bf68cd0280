import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender
import Testing

@testable import LightboxJobs

/// Shards and the progress line, against hand-computed values.
@Suite struct BatchToolsTests {
    @Test(arguments: 1...7)
    func shardsCoverEveryItemExactlyOnce(count: Int) {
        let items = Array(0..<23)
        let shares = (0..<count).map { Shard(index: $0, count: count).share(of: items) }
        #expect(shares.flatMap { $0 }.sorted() == items)
        #expect(shares.map(\.count).max()! - shares.map(\.count).min()! <= 1)
    }

    @Test(
        arguments: [
            ("1/1", 0), ("3/4", 2), ("4/4", 3), ("0/4", nil), ("5/4", nil), ("-1/4", nil), ("1/0", nil), ("1", nil),
            ("a/b", nil), ("1/2/3", nil),
        ] as [(String, Int?)])
    func shardParsingCountsFromOne(text: String, index: Int?) {
        #expect(Shard(text)?.index == index)
    }

    @Test func progressText() {
        #expect(ProgressLine.text(done: 50, total: 200, rate: 5, measured: 10) == "50/200  5.0/s  ETA 0:30")
        #expect(ProgressLine.text(done: 1, total: 10, rate: nil, measured: 0) == "1/10")
        // No ETA before two items, nor before a second is measured.
        #expect(ProgressLine.text(done: 1, total: 10, rate: 4, measured: 3) == "1/10  4.0/s")
        #expect(ProgressLine.text(done: 5, total: 10, rate: 40, measured: 0.5) == "5/10  40.0/s")
    }

    /// The run: 300 items, the first after 3 s of start-up, then one every 0.125 s
    /// (40 s in all). The ETA is never a quarter of an hour: from the first ETA on it is within
    /// a few seconds of the time really left.
    @Test func theRateIsMeasuredFromTheFirstItemAndSmoothed() {
        var decayed = 0.0
        var etas: [(shown: Int, left: Double)] = []
        for index in 1..<300 {
            let measured = Double(index) * 0.125
            decayed = ProgressLine.decayed(decayed, adding: 1, after: 0.125)
            let rate = ProgressLine.rate(decayed: decayed, measured: measured)
            let text = ProgressLine.text(done: index + 1, total: 300, rate: rate, measured: measured)
            guard let eta = text.split(separator: " ").last, text.contains("ETA") else {
                #expect(measured < 1, "no ETA at \(measured) s: \(text)")
                continue
            }
            let parts = eta.split(separator: ":").compactMap { Int($0) }
            etas.append((parts[0] * 60 + parts[1], Double(299 - index) * 0.125))
        }
        #expect(!etas.isEmpty)
        #expect(etas.allSatisfy { abs(Double($0.shown) - $0.left) <= 1 }, "\(etas.prefix(5))")
    }

    /// A run that slows down: the rate follows the last seconds, not the whole run.
    @Test func theRateFollowsTheLastSeconds() {
        var decayed = 0.0
        var measured = 0.0
        for _ in 0..<100 {
            decayed = ProgressLine.decayed(decayed, adding: 1, after: 0.1)
            measured += 0.1
        }
        for _ in 0..<30 {
            decayed = ProgressLine.decayed(decayed, adding: 1, after: 1)
            measured += 1
        }
        let rate = ProgressLine.rate(decayed: decayed, measured: measured) ?? 0
        // 10 a second for 10 s, then 1 a second for 30 s: the whole-run average is 3.25.
        #expect(abs(rate - 1) < 0.2, "\(rate)")
    }
}
