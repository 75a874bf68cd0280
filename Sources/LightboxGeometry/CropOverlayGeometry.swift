import Foundation

/// The geometry and look of the crop overlay drawn over a photo: dimming, thirds, frame and brackets.
///
/// Frames here are in points: a normalized crop rectangle scaled by the size of the shown photo.
public enum CropOverlayGeometry {
    /// The opacity of the black that dims the photo outside the crop frame.
    public static let dimOpacity: Double = 0.55

    /// The opacity of the white rule-of-thirds lines.
    public static let thirdsOpacity: Double = 0.5

    /// The stroke width of the rule-of-thirds lines, in points.
    public static let thirdsLineWidth: CGFloat = 0.5

    /// The stroke width of the white crop frame, in points.
    public static let frameLineWidth: CGFloat = 1.5

    /// The stroke width of the corner brackets, drawn with round caps and joins, in points.
    public static let bracketLineWidth: CGFloat = 4

    /// The side of a handle's touch area, in points.
    public static let grip: CGFloat = 44

    /// The longest a corner bracket arm gets, in points.
    private static let maximumBracketLength: CGFloat = 22

    /// The length of each corner bracket arm: 22 points, or half the frame's shorter side if less.
    public static func bracketLength(for frame: CGRect) -> CGFloat {
        min(maximumBracketLength, min(frame.width, frame.height) / 2)
    }

    /// The crop frame in points for a normalized crop shown at `size`.
    ///
    /// The crop is scaled as it is, so pass one that is already sanitized or adjusted.
    public static func frame(for crop: CGRect, in size: CGSize) -> CGRect {
        CGRect(
            x: crop.minX * size.width,
            y: crop.minY * size.height,
            width: crop.width * size.width,
            height: crop.height * size.height
        )
    }

    /// The four rule-of-thirds segments: vertical then horizontal at one third, then the same at two thirds.
    public static func thirdsLines(in frame: CGRect) -> [(CGPoint, CGPoint)] {
        var lines: [(CGPoint, CGPoint)] = []
        for part in [CGFloat(1) / 3, CGFloat(2) / 3] {
            lines.append(
                (
                    CGPoint(x: frame.minX + frame.width * part, y: frame.minY),
                    CGPoint(x: frame.minX + frame.width * part, y: frame.maxY)
                ))
            lines.append(
                (
                    CGPoint(x: frame.minX, y: frame.minY + frame.height * part),
                    CGPoint(x: frame.maxX, y: frame.minY + frame.height * part)
                ))
        }
        return lines
    }

    /// The four corner brackets as three-point polylines: arm end, corner, other arm end.
    ///
    /// The order is top-left, top-right, bottom-right, bottom-left; each bracket starts on
    /// its horizontal arm and ends on its vertical arm.
    public static func bracketPaths(in frame: CGRect) -> [[CGPoint]] {
        let length = bracketLength(for: frame)
        let corners: [(corner: CGPoint, dx: CGFloat, dy: CGFloat)] = [
            (CGPoint(x: frame.minX, y: frame.minY), length, length),
            (CGPoint(x: frame.maxX, y: frame.minY), -length, length),
            (CGPoint(x: frame.maxX, y: frame.maxY), -length, -length),
            (CGPoint(x: frame.minX, y: frame.maxY), length, -length),
        ]
        return corners.map { corner, dx, dy in
            [
                CGPoint(x: corner.x + dx, y: corner.y),
                corner,
                CGPoint(x: corner.x, y: corner.y + dy),
            ]
        }
    }
}
