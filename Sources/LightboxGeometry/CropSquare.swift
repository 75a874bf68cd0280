import Foundation

/// A crop made square in whole pixels (`--square`): equal sides on the image, whatever its size.
///
/// The long side is the crop's own, in the pixels `CropRect.pixels` gives it (so a square
/// crop of a box keeps the box's long edges); the short side grows to it about the box's
/// centre. A square that sticks out of the image is moved back inside; one longer than the
/// image's short side is shrunk to that side (and `wasShrunk` says so).
package struct CropSquare: Equatable, Sendable {
    /// The square on the displayed image, in whole pixels: `width == height`.
    package let pixels: PixelRect
    /// The same square normalized over the image, so `CropRect.pixels` gives `pixels` back.
    package let rect: CGRect
    /// Whether the square had to be shrunk because the image is smaller than its side.
    package let wasShrunk: Bool

    /// The square of a sanitized normalized `rect` over an image `width` by `height` pixels.
    package init(_ rect: CGRect, width: Int, height: Int) {
        let box = CropRect.pixels(of: rect, width: max(width, 1), height: max(height, 1))
        let wanted = max(box.width, box.height)
        let side = max(min(wanted, width, height), 1)
        let left = Self.start(box.left, box.width, centre: rect.midX * CGFloat(width), side: side, length: width)
        let top = Self.start(box.top, box.height, centre: rect.midY * CGFloat(height), side: side, length: height)
        pixels = PixelRect(left: left, top: top, width: side, height: side)
        self.rect = CGRect(
            x: CGFloat(left) / CGFloat(max(width, 1)), y: CGFloat(top) / CGFloat(max(height, 1)),
            width: CGFloat(side) / CGFloat(max(width, 1)), height: CGFloat(side) / CGFloat(max(height, 1)))
        wasShrunk = side < wanted
    }

    /// The first pixel of a span `side` long on an axis `length` long, for a box that starts
    /// at `start` and is `span` long: the box's own span when it already has that length,
    /// else centred on `centre` (rounded half away from zero) and moved back inside.
    private static func start(_ start: Int, _ span: Int, centre: CGFloat, side: Int, length: Int) -> Int {
        guard span != side else { return start }
        let first = Int(PixelRounding.rounded(centre - CGFloat(side) / 2))
        return min(max(first, 0), max(length - side, 0))
    }
}
