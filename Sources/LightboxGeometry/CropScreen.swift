import Foundation

/// The crop screen the overlay is drawn on: a photo fitted inside the safe areas less a 16-point padding.
///
/// The seed's demo shows `CropRectangleOverlay` with `.padding(16)` in a full-screen frame that
/// keeps to the safe areas, so the photo's size in points, and with it how thick the frame's
/// strokes are next to the photo's pixels, depends on the screen.
package struct CropScreen: Sendable, Equatable, Codable {
    /// The screen in points.
    package let screen: CGSize
    /// The screen's safe areas in points.
    package let safeArea: SafeArea

    /// The padding around the photo, in points.
    package static let padding: CGFloat = 16

    /// Makes a crop screen.
    package init(screen: CGSize, safeArea: SafeArea = .zero) {
        self.screen = screen
        self.safeArea = safeArea
    }

    /// The crop screen of a device preset.
    package init(device: DevicePreset) {
        self.init(screen: device.screen, safeArea: device.safeArea)
    }

    /// The photo's size in points on this screen: fitted into the padded safe area.
    package func shownSize(of photo: CGSize) -> CGSize {
        let room = safeArea.content(of: screen, padding: CropScreen.padding).size
        return ViewportMath.fittedSize(of: photo, in: room)
    }

    /// Pixels of an image `pixelWidth` wide (the photo, any size) per point of the photo as shown.
    ///
    /// Zero when the photo has no width or the screen leaves it no room.
    package func pixelsPerPoint(pixelWidth: CGFloat, photo: CGSize) -> CGFloat {
        let shown = shownSize(of: photo).width
        guard shown > 0, pixelWidth > 0 else { return 0 }
        return pixelWidth / shown
    }

    /// How far the overlay's strokes reach past the crop frame, in points: half the bracket's width.
    ///
    /// The round caps and joins of the brackets reach as far as half their width, further than
    /// the frame's and the thirds' strokes.
    package static var strokeReach: CGFloat {
        CropOverlayGeometry.bracketLineWidth / 2
    }
}
