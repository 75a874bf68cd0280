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
        let units = max(Int((duration * 1000 / Double(step)).rounded()), 0)
        return (0..<count).map { index in (units * (index + 1) / count - units * index / count) * step }
    }

    /// The warning for a GIF whose frames get under 20 ms each (browsers show such delays for
    /// 100 ms), or nil: the delays still add up to the duration, some of them 0 or 10 ms.
    package static func gifShortDelay(frames: Int, duration: Double) -> String? {
        let each = duration * 1000 / Double(max(frames, 1))
        guard each < 20 else { return nil }
        return "--frames \(frames) over \(NumberText.short(duration)) s gives \(NumberText.short(each)) ms a frame; "
            + "GIF delays are whole centiseconds and browsers show delays under 20 ms for 100 ms: "
            + "use fewer frames, a longer --duration or .webp"
    }

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
