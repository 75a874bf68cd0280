import Foundation

/// A small deterministic generator of boxes inside the unit square.
struct SplitMix {
    private var state: UInt64

    /// Starts from `seed`.
    init(seed: UInt64) { state = seed }

    /// The next number in 0..<1.
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    /// A box of some area inside the unit square.
    mutating func box() -> CGRect {
        let x = unit() * 0.99, y = unit() * 0.99
        let w = max(unit() * (1 - x), 0.001), h = max(unit() * (1 - y), 0.001)
        return CGRect(x: x, y: y, width: w, height: h)
    }
}
