import Foundation

/// An oriented box in the pixels of the displayed photo: its centre, the direction of its top
/// edge (left to right) and its sides, with the map from the photo into the upright crop.
package struct BoxFrame: Equatable, Sendable {
    /// The centre, in displayed pixels.
    package var centre: CGPoint
    /// The unit vector along the top edge, left to right (y points down).
    package var top: CGPoint
    /// The length of the top edge, in pixels.
    package var width: Double
    /// The length of the sides, in pixels.
    package var height: Double

    /// A frame from its parts; `top` is made a unit vector (the x axis when it has no length).
    package init(centre: CGPoint, top: CGPoint, width: Double, height: Double) {
        let length = hypot(top.x, top.y)
        self.centre = centre
        self.top = length > 0 ? CGPoint(x: top.x / length, y: top.y / length) : CGPoint(x: 1, y: 0)
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// The frame of four pixel corners: the top edge runs along corner 1 to corner 2 (reversed when
    /// the corners run counter-clockwise) and the sides hold all four corners.
    package init(corners: [CGPoint]) {
        let edge = CGPoint(x: corners[1].x - corners[0].x, y: corners[1].y - corners[0].y)
        let third = CGPoint(x: corners[2].x - corners[0].x, y: corners[2].y - corners[0].y)
        // The third corner lies below the top edge (y down) when the corners run clockwise.
        let clockwise = edge.x * third.y - edge.y * third.x >= 0
        let direction = clockwise ? edge : CGPoint(x: -edge.x, y: -edge.y)
        let axes = BoxFrame(centre: .zero, top: direction, width: 0, height: 0)
        let along = corners.map { $0.x * axes.top.x + $0.y * axes.top.y }
        let across = corners.map { $0.x * axes.down.x + $0.y * axes.down.y }
        let (midAlong, midAcross) = ((along.min()! + along.max()!) / 2, (across.min()! + across.max()!) / 2)
        self.init(
            centre: CGPoint(
                x: midAlong * axes.top.x + midAcross * axes.down.x, y: midAlong * axes.top.y + midAcross * axes.down.y),
            top: axes.top, width: along.max()! - along.min()!, height: across.max()! - across.min()!)
    }

    /// The unit vector down the box's left side, a quarter turn clockwise from `top`.
    package var down: CGPoint { CGPoint(x: -top.y, y: top.x) }

    /// The frame with its short side grown to its long side, about the same centre.
    package func squared() -> BoxFrame {
        let side = max(width, height)
        return BoxFrame(centre: centre, top: top, width: side, height: side)
    }

    /// The upright crop's size in whole pixels: the sides rounded, at least 1.
    package var outputSize: (width: Int, height: Int) {
        (max(1, Int(width.rounded())), max(1, Int(height.rounded())))
    }

    /// The corners of the upright crop on the photo: top left, top right, bottom right, bottom left.
    package var corners: [CGPoint] {
        let size = outputSize
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
            let (x, y) = (sx * Double(size.width) / 2, sy * Double(size.height) / 2)
            return CGPoint(x: centre.x + x * top.x + y * down.x, y: centre.y + x * top.y + y * down.y)
        }
    }

    /// The pixel rect holding the corners, on the displayed photo (not clipped).
    package var bounds: CGRect { OrientedBox.bounds(of: corners) }

    /// The map from stored pixels into the upright crop, in continuous coordinates (pixel edges at
    /// whole numbers): output = M·stored + b, `matrix` M row by row (a, b, c, d), for a photo
    /// stored `width` by `height` and shown with `orientation`.
    ///
    /// The crop's centre is the box's centre; the crop is `outputSize`, so a side that is not a
    /// whole number of pixels loses the fraction evenly on both ends.
    package func outputFromStored(
        orientation: ExifOrientation, width: Int, height: Int
    ) -> (matrix: [Double], offset: (Double, Double)) {
        let shown = orientation.displayedSize(width: width, height: height)
        let (a, t) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        let size = outputSize
        // Output from displayed: rows `top` and `down`, so the centre lands on the middle of the crop.
        let m = [top.x, top.y, down.x, down.y]
        let b = (
            Double(size.width) / 2 - (centre.x * top.x + centre.y * top.y),
            Double(size.height) / 2 - (centre.x * down.x + centre.y * down.y)
        )
        // displayed = Aᵀ·(stored − t), since A is a quarter turn or a mirror.
        let n = [
            m[0] * a[0] + m[1] * a[1], m[0] * a[2] + m[1] * a[3], m[2] * a[0] + m[3] * a[1], m[2] * a[2] + m[3] * a[3],
        ]
        return (n, (b.0 - n[0] * t.0 - n[1] * t.1, b.1 - n[2] * t.0 - n[3] * t.1))
    }
}
