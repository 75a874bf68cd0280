/// pycocotools' compressed RLE string (`rleToString`/`rleFrString` in its maskApi.c): each count
/// in 5-bit groups, low first, as the characters 48 to 111, bit 0x20 meaning "more follows" and
/// bit 0x10 of the last group the sign; from the fourth count on, each is stored as the
/// difference from the count two before it.
package enum COCORunLength {
    /// The counts of `text`; nil for a character outside the alphabet, a negative count or an overflow.
    package static func decode(_ text: String) -> [Int]? {
        var counts: [Int] = []
        var bytes = text.utf8.makeIterator()
        while let start = bytes.next() {
            var (value, shift, byte, more) = (0, 0, start, true)
            while more {
                guard byte >= 48, byte < 112, shift < 60 else { return nil }
                let group = Int(byte) - 48
                value |= (group & 0x1F) << shift
                more = group & 0x20 != 0
                shift += 5
                if !more && group & 0x10 != 0 { value |= -1 << shift }
                if more {
                    guard let next = bytes.next() else { return nil }
                    byte = next
                }
            }
            if counts.count > 2 {
                let (sum, overflow) = value.addingReportingOverflow(counts[counts.count - 2])
                guard !overflow else { return nil }
                value = sum
            }
            guard value >= 0 else { return nil }
            counts.append(value)
        }
        return counts
    }
}
