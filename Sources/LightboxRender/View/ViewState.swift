import Foundation
import LightboxGeometry

/// What the viewer shows, as given on the command line (before clamping): screen, zoom, pan and pull.
package struct ViewState: Sendable, Equatable, Codable {
    /// The flick a released viewer pull must be heading past to close it (the seed's `predictedEndTranslation` test).
    package static let viewerCloseFlick: CGFloat = 200

    /// The screen in points.
    package var screen: CGSize
    /// Output pixels per point.
    package var scale: CGFloat
    /// The page's zoom.
    package var zoom: CGFloat
    /// The largest zoom.
    package var maxZoom: CGFloat
    /// The page's pan offset in points.
    package var offset: CGSize
    /// The pull down in points.
    package var pull: CGFloat
    /// The component that moves the page on a pull.
    package var style: ViewportLayout.Style
    /// The dismiss threshold of the screen style, in points.
    package var threshold: CGFloat
    /// The screen's safe areas in points; the header is laid out below the top one.
    package var safeArea: SafeArea = .zero
    /// Whether Reduce Motion is on: the drag-to-dismiss page then does not scale.
    package var reduceMotion = false

    /// Makes a state.
    package init(
        screen: CGSize, scale: CGFloat = 1, zoom: CGFloat = 1, maxZoom: CGFloat = ViewportMath.defaultMaxZoom,
        offset: CGSize = .zero, pull: CGFloat = 0, style: ViewportLayout.Style = .viewer,
        threshold: CGFloat = DismissMath.defaultThreshold
    ) {
        self.screen = screen
        self.scale = scale
        self.zoom = zoom
        self.maxZoom = maxZoom
        self.offset = offset
        self.pull = pull
        self.style = style
        self.threshold = threshold
    }

    /// The layout of a photo `photo` pixels in size (as displayed) in this state.
    package func layout(photo: CGSize) -> ViewportLayout {
        ViewportLayout(
            screen: screen, scale: scale, photo: photo, zoom: zoom, maxZoom: maxZoom,
            offset: offset, pull: pull, style: style, threshold: threshold, safeArea: safeArea,
            reduceMotion: reduceMotion
        )
    }

    /// The state after the seed's double tap: fit goes to 2.5 (clamped), a zoomed page goes back to fit, the pan resets.
    package func doubleTapped() -> ViewState {
        var next = self
        next.zoom = ViewportMath.toggledZoom(ViewportMath.clampedZoom(zoom, maxZoom: maxZoom), maxZoom: maxZoom)
        next.offset = .zero
        return next
    }

    /// Whether releasing the pull here closes: the seed's rule for the style, `predicted` defaulting to the pull.
    package func dismisses(predicted: CGFloat?) -> Bool {
        let heading = predicted ?? pull
        switch style {
        case .viewer: return pull > 0 && heading > ViewState.viewerCloseFlick
        case .screen: return DismissMath.shouldDismiss(translation: pull, predicted: heading, threshold: threshold)
        }
    }

    /// How far the screen style's page slides when it leaves: the screen height, or four thresholds if more.
    package var dismissDistance: CGFloat {
        DismissMath.dismissDistance(screenHeight: screen.height, threshold: threshold)
    }
}
