import Foundation
import SeededRandom

/// Random boxes inside the unit square.
extension SeededRandom {
    /// A box of some area inside the unit square.
    mutating func box() -> CGRect {
        let x = unit() * 0.99, y = unit() * 0.99
        let w = max(unit() * (1 - x), 0.001), h = max(unit() * (1 - y), 0.001)
        return CGRect(x: x, y: y, width: w, height: h)
    }
}
