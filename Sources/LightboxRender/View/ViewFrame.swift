import Foundation

/// One frame of `lightbox view`: the viewer's state, and how much of the viewer the app still shows.
///
/// A dismissing release ends with the viewer gone: the app removes it (the seed calls `onClose`
/// or `onDismiss`), so its last frames fade it, or drop it, to what lies under it.
package struct ViewFrame: Sendable, Equatable {
    /// The state laid out in this frame.
    package var state: ViewState
    /// The whole viewer's opacity (backdrop, page and header): 1 while it is shown, 0 once removed.
    package var opacity: CGFloat

    /// Makes a frame; a still snapshot is its state, fully shown.
    package init(_ state: ViewState, opacity: CGFloat = 1) {
        self.state = state
        self.opacity = min(max(opacity, 0), 1)
    }
}
