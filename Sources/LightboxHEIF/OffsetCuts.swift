/// Ranges cut out of a file, and where an offset past them lands once they are gone.
struct OffsetCuts {
    /// The ranges, by start.
    let ranges: [Range<Int>]

    /// Makes the cuts of `ranges` (which do not overlap).
    init(_ ranges: [Range<Int>]) {
        self.ranges = ranges.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// `offset` less the length of every cut that ends at or before it.
    func moved(_ offset: UInt64) -> UInt64 {
        let removed = ranges.filter { UInt64($0.upperBound) <= offset }.reduce(0) { $0 + $1.count }
        return offset - UInt64(removed)
    }
}
