/// A small deterministic generator (SplitMix64) for the tests' seeded random boxes and rects.
///
/// The tests that draw many random cases (crop squares, dataset boxes) want the same cases on
/// every run and every machine, so a failure names a seed that reproduces it; Swift's
/// `SystemRandomNumberGenerator` cannot be seeded.
package struct SeededRandom: RandomNumberGenerator {
    /// The generator's state, advanced by the golden-ratio increment on every draw.
    private var state: UInt64

    /// Starts from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits (SplitMix64's mix of the advanced state).
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next number in 0..<1, from the top 53 bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
