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
        #expect(ProgressLine.text(done: 50, total: 200, elapsed: 10) == "50/200  5.0/s  ETA 0:30")
        #expect(ProgressLine.text(done: 0, total: 10, elapsed: 0) == "0/10  0.0/s  ETA 0:00")
    }
}
