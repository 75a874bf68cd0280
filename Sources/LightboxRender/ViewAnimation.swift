import Foundation
import LightboxGeometry

/// The two animations `lightbox view --animate` renders, as a sequence of states.
package enum ViewAnimation: String, Sendable, CaseIterable, Codable {
    /// The double-tap zoom: ease in-out from the current zoom to the toggled one, the pan going to zero.
    case zoom
    /// The release of a pull: ease in off the screen when it dismisses, otherwise spring back.
    case dismiss

    /// The spring bounce of the snap back: `.snappy` for the viewer, 0.2 for the screen style.
    static func bounce(_ style: ViewportLayout.Style) -> Double {
        style == .viewer ? 0.15 : 0.2
    }

    /// The states of `frames` frames evenly spread over `duration` seconds, starting from `start`.
    package func states(from start: ViewState, frames: Int, duration: Double, dismisses: Bool) -> [ViewState] {
        let count = max(frames, 1)
        return (0..<count).map { index in
            let fraction = count == 1 ? 1 : Double(index) / Double(count - 1)
            return state(start, fraction: fraction, duration: duration, dismisses: dismisses)
        }
    }

    /// The milliseconds each of `frames` frames shows, adding up to `duration` seconds (rounded
    /// to `unit`): every delay a whole number of `unit` milliseconds (10 for GIF, whose delays are
    /// centiseconds; 1 for WebP), the rounding spread over the frames so none is off by more than
    /// one unit (12 frames over 0.4 s in GIF: 30 and 40 ms mixed, 400 ms in all).
    package static func delays(frames: Int, duration: Double, unit: Int) -> [Int] {
        let count = max(frames, 1)
        let step = max(unit, 1)
        // Bounded before the conversion: a duration no Int can count in units must not trap.
        let exact = (duration * 1000 / Double(step)).rounded()
        let units = exact.isFinite ? Int(min(max(exact, 0), 1e12)) : 0
        return (0..<count).map { index in (units * (index + 1) / count - units * index / count) * step }
    }

    /// The warning for frames that players show slower than written, or nil: a GIF frame under
    /// 20 ms (its delays are whole centiseconds, and browsers show 0 and 10 ms for 100 ms), or a
    /// WebP frame of 10 ms or less (the file keeps the delay, but browsers show it for 100 ms
    /// too). The delays still add up to the duration; WebP is advised only where it helps.
    package static func shortDelay(frames: Int, duration: Double, format: OutputFormat) -> String? {
        let each = duration * 1000 / Double(max(frames, 1))
        let shortestWebP = delays(frames: frames, duration: duration, unit: 1).min() ?? 0
        let given = "--frames \(frames) over \(NumberText.short(duration)) s gives \(NumberText.short(each)) ms a frame"
        switch format {
        case .gif where each < 20:
            let advice = shortestWebP > 10 ? "use fewer frames, a longer --duration or .webp" : fewer
            return given + "; GIF delays are whole centiseconds and browsers show delays under 20 ms for 100 ms: "
                + advice
        case .webp where shortestWebP <= 10:
            return given + "; the WebP keeps these delays, but browsers show a frame of 10 ms or less for 100 ms: "
                + fewer
        default:
            return nil
        }
    }

    /// The advice for frames too short in any format.
    private static let fewer = "use fewer frames or a longer --duration"

    /// The state at `fraction` (0 to 1) of the animation.
    private func state(_ start: ViewState, fraction: Double, duration: Double, dismisses: Bool) -> ViewState {
        var next = start
        switch self {
        case .zoom:
            let from = ViewportMath.clampedZoom(start.zoom, maxZoom: start.maxZoom)
            let target = start.doubleTapped().zoom
            let eased = CGFloat(ViewTiming.easeInOut(fraction))
            next.zoom = from + (target - from) * eased
            next.offset = CGSize(width: start.offset.width * (1 - eased), height: start.offset.height * (1 - eased))
        case .dismiss where dismisses:
            let eased = CGFloat(ViewTiming.easeIn(fraction))
            next.pull = start.pull + (start.dismissDistance - start.pull) * eased
        case .dismiss:
            let left = ViewTiming.springRemaining(
                time: fraction * duration, duration: duration, bounce: ViewAnimation.bounce(start.style)
            )
            next.pull = start.pull * CGFloat(left)
        }
        return next
    }
}
