import Foundation

/// The math of a full-screen page that follows a downward drag and leaves past a threshold.
///
/// Offsets are in points, measured downwards from where the page rests. While it is dragged,
/// the page shrinks and fades with the progress; once released past the threshold, it slides
/// down out of sight.
public enum DismissMath {
    /// How far, in points, the page must be dragged to dismiss it, unless told otherwise.
    public static let defaultThreshold: CGFloat = 140

    /// How far a drag has gone towards the threshold, from 0 to 1.
    ///
    /// An upward offset counts as no progress. With a threshold of zero or less, any downward
    /// offset counts as all the way.
    public static func progress(offset: CGFloat, threshold: CGFloat) -> CGFloat {
        guard threshold > 0 else { return offset > 0 ? 1 : 0 }
        return min(max(offset, 0) / threshold, 1)
    }

    /// Whether a released drag dismisses: a long enough drag, or a flick heading twice as far.
    ///
    /// `translation` is where the finger stopped and `predicted` where the gesture says it
    /// was heading. A drag that did not go down at all never dismisses.
    public static func shouldDismiss(translation: CGFloat, predicted: CGFloat, threshold: CGFloat) -> Bool {
        guard translation > 0 else { return false }
        return translation >= threshold || predicted >= threshold * 2
    }

    /// The scale of the page at a given progress: from 1 down to 0.9.
    ///
    /// With Reduce Motion on, the page keeps a scale of 1 instead.
    public static func contentScale(progress: CGFloat) -> CGFloat {
        1 - 0.1 * progress
    }

    /// The opacity of the page at a given progress: from 1 down to 0.7.
    ///
    /// The page fades with Reduce Motion on as well.
    public static func contentOpacity(progress: CGFloat) -> CGFloat {
        1 - 0.3 * progress
    }

    /// The offset the page slides to when it leaves: the screen height, or four thresholds if more.
    ///
    /// Sliding at least four thresholds keeps the exit visible on a page that has not been
    /// measured yet, whose height is still zero.
    public static func dismissDistance(screenHeight: CGFloat, threshold: CGFloat) -> CGFloat {
        max(screenHeight, threshold * 4)
    }
}
