import Foundation

/// Where the photo viewer puts a photo on an output image: the clamped state and its rects in output pixels.
///
/// Sizes and offsets of the state are in points; the output is the screen times `scale`. The
/// viewer (`PhotoLightbox`) shrinks its pager around the screen centre and fades a black
/// backdrop as it is pulled; the screen style (`DragToDismissScreen`) shrinks and fades the
/// whole page, with no backdrop of its own.
package struct ViewportLayout: Sendable, Equatable, Codable {
    /// Which seed component moves the page on a pull down.
    package enum Style: String, Sendable, CaseIterable, Codable {
        /// The photo pager: backdrop fades to 0.3, pager scales to 0.8 over a 320-point pull.
        case viewer
        /// The drag-to-dismiss page: scales to 0.9 and fades to 0.7 over the threshold.
        case screen
    }

    /// The screen in points.
    package let screen: CGSize
    /// Output pixels per point.
    package let scale: CGFloat
    /// The seed component that moves the page.
    package let style: Style
    /// The output size in pixels: the screen times the scale, rounded.
    package let pixelWidth: Int
    /// The output height in pixels.
    package let pixelHeight: Int
    /// The photo fitted into the screen, in points.
    package let fitted: CGSize
    /// The zoom rendered, clamped to 1...maxZoom.
    package let zoom: CGFloat
    /// The pan offset rendered, in points, clamped to where the zoomed photo still covers the screen.
    package let offset: CGSize
    /// The pull down in points, as given.
    package let pull: CGFloat
    /// The pull's progress from 0 to 1 (pull distance for the viewer, threshold for the screen).
    package let progress: CGFloat
    /// The scale of the pulled page around the screen centre.
    package let contentScale: CGFloat
    /// The opacity of the page (1 for the viewer, whose backdrop fades instead).
    package let contentOpacity: CGFloat
    /// The opacity of the black backdrop behind the photo (0 for the screen style, which has none).
    package let backdropOpacity: CGFloat
    /// The photo's rect in output pixels.
    package let photoRect: CGRect
    /// The page's rect (the scaled and moved screen) in output pixels; the photo is clipped to it.
    package let pageRect: CGRect
    /// The screen's safe areas in points; the header is laid out below the top one.
    package let safeArea: SafeArea

    /// Lays out a photo `photo` pixels wide and high (as displayed) on a `screen` in points shown at `scale`.
    package init(
        screen: CGSize, scale: CGFloat, photo: CGSize, zoom: CGFloat, maxZoom: CGFloat = ViewportMath.defaultMaxZoom,
        offset: CGSize = .zero, pull: CGFloat = 0, style: Style = .viewer,
        threshold: CGFloat = DismissMath.defaultThreshold,
        safeArea: SafeArea = .zero, reduceMotion: Bool = false
    ) {
        self.screen = screen
        self.safeArea = safeArea
        self.scale = scale
        self.style = style
        pixelWidth = Int((screen.width * scale).rounded())
        pixelHeight = Int((screen.height * scale).rounded())
        fitted = ViewportMath.fittedSize(of: photo, in: screen)
        self.zoom = ViewportMath.clampedZoom(zoom, maxZoom: maxZoom)
        self.offset = ViewportMath.clampedOffset(offset, zoom: self.zoom, photo: fitted, in: screen)
        self.pull = pull
        switch style {
        case .viewer:
            progress = ViewportMath.pullProgress(pull)
            contentScale = ViewportMath.contentScale(progress: progress)
            contentOpacity = 1
            backdropOpacity = ViewportMath.backdropOpacity(progress: progress)
        case .screen:
            progress = DismissMath.progress(offset: pull, threshold: threshold)
            // The seed's page does not scale with Reduce Motion on; it still fades and moves.
            contentScale = reduceMotion ? 1 : DismissMath.contentScale(progress: progress)
            contentOpacity = DismissMath.contentOpacity(progress: progress)
            backdropOpacity = 0
        }
        let centre = CGPoint(x: screen.width / 2, y: screen.height / 2 + pull)
        let photoSize = CGSize(
            width: fitted.width * self.zoom * contentScale, height: fitted.height * self.zoom * contentScale)
        let photoCentre = CGPoint(
            x: centre.x + self.offset.width * contentScale, y: centre.y + self.offset.height * contentScale)
        photoRect = ViewportLayout.pixels(centre: photoCentre, size: photoSize, scale: scale)
        let pageSize = CGSize(width: screen.width * contentScale, height: screen.height * contentScale)
        pageRect = ViewportLayout.pixels(centre: centre, size: pageSize, scale: scale)
    }

    /// The header's top-left corner in output pixels: the page's corner, below the top safe area.
    ///
    /// The header is as wide as the page and drawn at `scale * contentScale` pixels per point.
    package var headerOrigin: CGPoint {
        CGPoint(x: pageRect.minX, y: pageRect.minY + safeArea.top * scale * contentScale)
    }

    /// Output pixels per displayed photo pixel, for a photo `photoWidth` pixels wide.
    package func pixelsPerPhotoPixel(photoWidth: CGFloat) -> CGFloat {
        photoWidth > 0 ? photoRect.width / photoWidth : 0
    }

    /// The page rect rounded to whole pixels and clipped to the output, or nil when nothing of it shows.
    package var visiblePage: PixelRect? {
        ViewportLayout.rounded(pageRect, within: CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
    }

    /// The output pixels the photo covers: its rect rounded to whole pixels, clipped to the visible page.
    ///
    /// A pixel belongs to the photo when its centre is inside the photo's rect, so the photo's
    /// edges are sharp and nothing of it bleeds outside its rect.
    package var visiblePhoto: PixelRect? {
        guard let page = visiblePage else { return nil }
        let clip = CGRect(x: page.left, y: page.top, width: page.width, height: page.height)
        return ViewportLayout.rounded(photoRect, within: clip)
    }

    /// `rect` with its edges rounded to whole pixels and clipped to `clip`, or nil when empty.
    private static func rounded(_ rect: CGRect, within clip: CGRect) -> PixelRect? {
        guard rect.width.isFinite, rect.height.isFinite else { return nil }
        let left = max(rect.minX.rounded(), clip.minX)
        let top = max(rect.minY.rounded(), clip.minY)
        let right = min(rect.maxX.rounded(), clip.maxX)
        let bottom = min(rect.maxY.rounded(), clip.maxY)
        guard right > left, bottom > top else { return nil }
        return PixelRect(left: Int(left), top: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// A rect in output pixels from a centre and size in points.
    private static func pixels(centre: CGPoint, size: CGSize, scale: CGFloat) -> CGRect {
        CGRect(
            x: (centre.x - size.width / 2) * scale, y: (centre.y - size.height / 2) * scale,
            width: size.width * scale, height: size.height * scale
        )
    }
}
