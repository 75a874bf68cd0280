import Foundation
import LightboxGeometry
import Vips

/// Draws cards as the seed does: white rounded card, photo, caption and shadow, turned about the card's centre.
///
/// The white card and its shadow are the same for every card, so they are drawn once (by
/// librsvg) and shared; each card then adds its photo and caption and is turned by one
/// affine transform of its premultiplied pixels, which keeps the edges smooth.
package struct CardRenderer: Sendable {
    /// The card geometry in pixels.
    package let metrics: CardMetrics
    /// The straight white card with its shadow, RGBA, shared by every card.
    let base: VImage

    /// The grey of the empty square on a placeholder card.
    static let placeholderGrey: Double = 230

    /// Draws the shared card and shadow for `metrics`.
    package init(metrics: CardMetrics) throws(VipsError) {
        self.metrics = metrics
        base = try VImage.svg(CardRenderer.cardDocument(metrics)).inMemory()
    }

    /// The SVG of the straight card: a blurred black rounded rect moved down, under a white one.
    static func cardDocument(_ metrics: CardMetrics) -> String {
        let scale = metrics.scale
        let margin = Double(metrics.margin)
        let width = fixed(metrics.cardWidth)
        let height = fixed(metrics.cardHeight)
        let radius = fixed(Double(CardStyle.cornerRadius) * scale)
        let drop = fixed(margin + Double(metrics.shadow.offsetY) * scale)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(metrics.canvasWidth)" height="\(metrics.canvasHeight)">\
            <defs><filter id="s" x="-50%" y="-50%" width="200%" height="200%">\
            <feGaussianBlur stdDeviation="\(fixed(metrics.shadowSigma))"/></filter></defs>\
            <rect x="\(fixed(margin))" y="\(drop)" width="\(width)" height="\(height)" rx="\(radius)" \
            fill="black" fill-opacity="\(metrics.shadow.opacity)" filter="url(#s)"/>\
            <rect x="\(fixed(margin))" y="\(fixed(margin))" width="\(width)" height="\(height)" rx="\(radius)" fill="white"/>\
            </svg>
            """
    }

    /// A number for SVG with four decimals.
    private static func fixed(_ value: Double) -> String {
        String(format: "%.4f", value)
    }

    /// The straight card with `photo` (or an empty grey square when nil) and `caption` (as
    /// `CardCaption.image` draws it), premultiplied.
    package func canvas(photo: VImage?, caption: VImage?) throws(VipsError) -> VImage {
        let side = metrics.photoSide
        let grey = [Double](repeating: CardRenderer.placeholderGrey, count: 3)
        var layers = [photo].compactMap { $0 }
        if layers.isEmpty { layers.append(try VImage.filled(width: side, height: side, color: grey)) }
        var positions = [(x: metrics.photoOrigin, y: metrics.photoOrigin)]
        if let caption {
            let box = metrics.captionBox
            layers.append(caption)
            positions.append(
                (
                    x: box.x + (box.width - caption.width) / 2,
                    y: Int((box.y + (box.height - Double(caption.height)) / 2).rounded())
                ))
        }
        return try base.composited(layers, at: positions).premultiplied()
    }

    /// `canvas` turned by `angle` degrees (clockwise on screen for a positive angle) with the card's
    /// centre at `center` points on a board drawn at `boardScale` pixels per point, and the board
    /// pixel where the result's top-left goes.
    ///
    /// The card's own scale may differ from the board's: a lifted card is drawn 1.06 times larger.
    /// The result is rendered into memory as premultiplied 8-bit RGBA: a few hundred kilobytes a
    /// card, so the final composite reads finished pixels instead of keeping one pipeline per card.
    package func placed(
        _ canvas: VImage, center: CGPoint, angle: Double, boardScale: Double
    ) throws(VipsError) -> (image: VImage, x: Int, y: Int) {
        let radians = angle * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        let target = (x: Double(center.x) * boardScale, y: Double(center.y) * boardScale)
        let pivot = (
            x: Double(metrics.margin) + metrics.cardWidth / 2, y: Double(metrics.margin) + metrics.cardHeight / 2
        )
        let half = (
            x: (abs(cosine) * Double(canvas.width) + abs(sine) * Double(canvas.height)) / 2,
            y: (abs(sine) * Double(canvas.width) + abs(cosine) * Double(canvas.height)) / 2
        )
        let left = Int((target.x - half.x).rounded(.down)) - 2
        let top = Int((target.y - half.y).rounded(.down)) - 2
        let right = Int((target.x + half.x).rounded(.up)) + 2
        let bottom = Int((target.y + half.y).rounded(.up)) + 2
        // libvips maps pixel indices (centres at whole numbers); a centre at c in edge terms is c - 0.5.
        let offset = (
            (target.x - 0.5) - (cosine * (pivot.x - 0.5) - sine * (pivot.y - 0.5)),
            (target.y - 0.5) - (sine * (pivot.x - 0.5) + cosine * (pivot.y - 0.5))
        )
        let turned = try canvas.affine(
            [cosine, -sine, sine, cosine], area: [left, top, right - left, bottom - top], offset: offset,
            background: [0, 0, 0, 0], interpolate: "bicubic", premultiplied: true
        )
        return (try turned.cast("uchar").inMemory(), left, top)
    }
}
