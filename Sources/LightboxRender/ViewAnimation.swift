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

    /// The milliseconds each frame shows, so that the frames span `duration` seconds.
    package static func delay(frames: Int, duration: Double) -> Int {
        Int((duration * 1000 / Double(max(frames - 1, 1))).rounded())
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
