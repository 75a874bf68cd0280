/// The outputs a streamed run has planned so far, as 64-bit digests: what finds a line naming
/// an output an earlier window already claimed, in 8 to 13 bytes a line (80 to 130 MB at ten
/// million lines) where a set of paths held a kilobyte a line.
///
/// A digest is the process's seeded SipHash of the path (`Hasher`): two different paths share
/// one with a chance of about n²/2⁶⁵ (three in a million at ten million lines), and a client
/// cannot write two that do, not knowing the seed. The table is 256 open-addressed segments
/// grown one at a time, so growing never holds two copies of the whole set.
package final class OutputDigests {
    /// The segments, chosen by a digest's top byte; 0 marks an empty slot.
    private var segments = [[UInt64]](repeating: [UInt64](repeating: 0, count: 16), count: 256)
    /// The digests in each segment.
    private var counts = [Int](repeating: 0, count: 256)

    /// An empty set.
    package init() {}

    /// The digests held.
    package var count: Int { counts.reduce(0, +) }

    /// Adds `path`; false when it (or a path of the same digest) was already there.
    package func insert(_ path: String) -> Bool {
        let digest = Self.digest(path)
        let segment = Int(digest >> 56)
        if counts[segment] * 5 >= segments[segment].count * 4 { grow(segment) }
        guard Self.place(digest, in: &segments[segment]) else { return false }
        counts[segment] += 1
        return true
    }

    /// Whether `path` (or a path of the same digest) is held.
    package func contains(_ path: String) -> Bool {
        let digest = Self.digest(path)
        let slots = segments[Int(digest >> 56)]
        var index = Int(truncatingIfNeeded: digest) & (slots.count - 1)
        while slots[index] != 0 {
            if slots[index] == digest { return true }
            index = (index + 1) & (slots.count - 1)
        }
        return false
    }

    /// The digest of `path`, never 0.
    private static func digest(_ path: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(path)
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        return value == 0 ? 1 : value
    }

    /// Puts `digest` in `slots` (a power of two long, never full); false when it is there already.
    private static func place(_ digest: UInt64, in slots: inout [UInt64]) -> Bool {
        var index = Int(truncatingIfNeeded: digest) & (slots.count - 1)
        while slots[index] != 0 {
            if slots[index] == digest { return false }
            index = (index + 1) & (slots.count - 1)
        }
        slots[index] = digest
        return true
    }

    /// Doubles segment `segment`'s slots.
    private func grow(_ segment: Int) {
        var larger = [UInt64](repeating: 0, count: segments[segment].count * 2)
        for digest in segments[segment] where digest != 0 { _ = Self.place(digest, in: &larger) }
        segments[segment] = larger
    }
}
