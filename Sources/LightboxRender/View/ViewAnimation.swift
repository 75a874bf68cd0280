import Foundation
import LightboxGeometry

/// The two animations `lightbox view --animate` renders, as a sequence of states.
package enum ViewAnimation: String, Sendable, CaseIterable, Codable {
    /// The double-tap zoom: ease in-out from the current zoom to the toggled one, the pan going to zero.
    case zoom
    /// The release of a pull: when it dismisses, the screen style's page eases off the screen and
    /// the viewer fades out as it springs back; otherwise either springs back.
    case dismiss

    /// The spring bounce of the snap back: `.snappy` for the viewer, 0.2 for the screen style.
    static func bounce(_ style: ViewportLayout.Style) -> Double {
        style == .viewer ? 0.15 : 0.2
    }

    /// `frames` frames evenly spread over `duration` seconds, starting from `start`.
    ///
    /// With Reduce Motion the seeds animate nothing (`withAnimation(reduceMotion ? nil : ...)`):
    /// the first frame is `start` and every later one where the animation ends.
    package func frames(from start: ViewState, frames: Int, duration: Double, dismisses: Bool) -> [ViewFrame] {
        let count = max(frames, 1)
        return (0..<count).map { index in
            var fraction = count == 1 ? 1 : Double(index) / Double(count - 1)
            if start.reduceMotion && index > 0 { fraction = 1 }
            return frame(start, fraction: fraction, duration: duration, dismisses: dismisses)
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

    /// The frame at `fraction` (0 to 1) of the animation.
    ///
    /// A dismissing release ends as the app does. The screen style's page eases off the screen
    /// (`easeIn` to `dismissDistance`), then `onDismiss` removes it. The viewer has no slide of
    /// its own: its pull resets and springs back (`.snappy`) while `onClose` has the app take the
    /// viewer away, which the seed's demo does with `.transition(.opacity)` under
    /// `.easeInOut(duration: 0.25)`; so it fades out, backdrop included, to what lies under it.
    private func frame(_ start: ViewState, fraction: Double, duration: Double, dismisses: Bool) -> ViewFrame {
        var next = start
        switch self {
        case .zoom:
            let from = ViewportMath.clampedZoom(start.zoom, maxZoom: start.maxZoom)
            let target = start.doubleTapped().zoom
            let eased = CGFloat(ViewTiming.easeInOut(fraction))
            next.zoom = from + (target - from) * eased
            next.offset = CGSize(width: start.offset.width * (1 - eased), height: start.offset.height * (1 - eased))
        case .dismiss where dismisses && start.style == .screen:
            let eased = CGFloat(ViewTiming.easeIn(fraction))
            next.pull = start.pull + (start.dismissDistance - start.pull) * eased
            // Reduce Motion: `onDismiss` at once, no slide.
            if start.reduceMotion && fraction > 0 { return ViewFrame(next, opacity: 0) }
        case .dismiss:
            next.pull = start.pull * CGFloat(springRemaining(start, fraction: fraction, duration: duration))
            if dismisses { return ViewFrame(next, opacity: 1 - CGFloat(ViewTiming.easeInOut(fraction))) }
        }
        return ViewFrame(next)
    }

    /// How much of the pull is left at `fraction` of the spring back: none with Reduce Motion.
    private func springRemaining(_ start: ViewState, fraction: Double, duration: Double) -> Double {
        guard !(start.reduceMotion && fraction > 0) else { return 0 }
        return ViewTiming.springRemaining(
            time: fraction * duration, duration: duration, bounce: ViewAnimation.bounce(start.style))
    }
}
