import Foundation

/// SwiftUI's timing curves, as functions of the elapsed fraction or time.
package enum ViewTiming {
    /// `.easeInOut`: the cubic Bézier (0.42, 0) (0.58, 1) at fraction `t` of the duration.
    package static func easeInOut(_ t: Double) -> Double {
        bezier(t, x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    }

    /// `.easeIn`: the cubic Bézier (0.42, 0) (1, 1) at fraction `t` of the duration.
    package static func easeIn(_ t: Double) -> Double {
        bezier(t, x1: 0.42, y1: 0, x2: 1, y2: 1)
    }

    /// How much of a move is left `time` seconds into `.spring(duration:bounce:)`: 1 at the start, about 0 at rest.
    ///
    /// SwiftUI's spring has a period of `duration` and a damping ratio of 1 − `bounce`; a
    /// positive bounce overshoots, so the value goes below zero for a while.
    package static func springRemaining(time: Double, duration: Double, bounce: Double) -> Double {
        guard duration > 0 else { return 0 }
        let omega = 2 * Double.pi / duration
        let damping = 1 - bounce
        guard damping < 1 else { return (1 + omega * time) * exp(-omega * time) }
        let damped = omega * (1 - damping * damping).squareRoot()
        let decay = exp(-damping * omega * time)
        return decay * (cos(damped * time) + damping * omega / damped * sin(damped * time))
    }

    /// A cubic Bézier timing curve from (0, 0) to (1, 1) through the two control points, at `t`.
    static func bezier(_ t: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        let t = min(max(t, 0), 1)
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if curve(mid, x1, x2) < t { low = mid } else { high = mid }
        }
        return curve((low + high) / 2, y1, y2)
    }

    /// One coordinate of the cubic Bézier with end points 0 and 1 at parameter `s`.
    private static func curve(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
    }
}
