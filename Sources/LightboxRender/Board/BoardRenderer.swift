import Foundation
import LightboxGeometry
import Vips

/// Renders a `BoardPlan`: photos decoded in parallel straight to their card size, then every card
/// turned and placed, and the board composed over the background in one `composite`.
package struct BoardRenderer: Sendable {
    /// The board to draw.
    package let plan: BoardPlan
    /// Draw an empty card for a photo that cannot be read, instead of skipping it.
    package let placeholder: Bool
    /// How a photo is read: libvips' `fail_on` and the most pixels its header may declare.
    package let limits: CardPhoto.Limits
    /// How a card's photo becomes its square: `CardPhoto.square` in this process, or in a worker.
    package let decode: PhotoDecoder
    /// How a background image becomes the board's size: `cover` in this process, or in a worker.
    package let cover: CoverDecoder

    /// Decodes the photo at a path into a square of a side, within limits (`CardPhoto.square`'s contract).
    package typealias PhotoDecoder = @Sendable (String, Int, CardPhoto.Limits) throws(RenderError) -> VImage
    /// Decodes the image at a path to cover a width by a height, within limits (`cover`'s contract).
    package typealias CoverDecoder = @Sendable (String, Int, Int, CardPhoto.Limits) throws(RenderError) -> VImage

    /// A background image in this process: scaled to cover `width` by `height`, cropped in its
    /// centre, opaque sRGB, read by the same rule as a photo (`limits`).
    package static let cover: CoverDecoder = { path, width, height, limits throws(RenderError) in
        try BoardBackground.image(path: path).render(width: width, height: height, limits: limits)
    }

    /// Makes a renderer.
    package init(
        plan: BoardPlan, placeholder: Bool = false, limits: CardPhoto.Limits = CardPhoto.Limits(),
        decode: @escaping PhotoDecoder = { path, side, limits throws(RenderError) in
            try CardPhoto.square(path, side: side, limits: limits)
        },
        cover: @escaping CoverDecoder = BoardRenderer.cover
    ) {
        self.plan = plan
        self.placeholder = placeholder
        self.limits = limits
        self.decode = decode
        self.cover = cover
    }

    /// One card ready to compose, or the reason its photo could not be read.
    private struct Prepared: Sendable {
        let layer: (image: VImage, x: Int, y: Int)?
        let failure: RenderError?
    }

    /// Draws the board; a card that fails is reported in the outcome, while a failing background or shared card throws.
    package func render() throws(RenderError) -> BoardOutcome {
        let size = plan.pixelSize
        let cards = plan.cards
        let resting = try cardRenderer(CardPose(index: 0, dragged: false, reduceMotion: false))
        let liftedPose = cards.map(\.pose).first { $0.lifted }
        let lifted = try liftedPose.map { (pose) throws(RenderError) in try cardRenderer(pose) }
        let background: VImage
        if case .image(let path) = plan.background {
            background = try cover(path, size.width, size.height, limits)
        } else {
            background = try plan.background.render(width: size.width, height: size.height)
        }
        let (placeholder, limits, scale, decode) = (self.placeholder, self.limits, plan.scale, self.decode)
        // Each card is one small pipeline; the cards run side by side, one libvips worker each.
        let prepared = Vips.withConcurrency(1) {
            ParallelMap<Prepared>.map(cards.count) { index in
                let card = cards[index]
                let renderer = card.pose.lifted ? lifted ?? resting : resting
                return BoardRenderer.prepare(
                    card, renderer: renderer, boardScale: scale, placeholder: placeholder, limits: limits,
                    decode: decode)
            }
        }
        let layers = prepared.compactMap(\.layer)
        let image = try RenderError.catching("board") { () throws(VipsError) in
            let composed = try background.composited(
                layers.map(\.image), at: layers.map { ($0.x, $0.y) }, premultiplied: true)
            return try composed.band(0, count: 3).cast("uchar").interpreted("srgb")
        }
        return BoardOutcome(image: image, failures: prepared.compactMap(\.failure), placeholders: placeholder)
    }

    /// Writes a drawn board with `threads` libvips threads (the cores: its photos are decoded by then).
    ///
    /// Every layer is in memory by then (cards, captions, a cover), so no decoder runs on these
    /// threads. The composite keeps a region of every card per thread, so each thread costs memory:
    /// on a 200-photo board two threads take 6% more than one (294 MB against 277) and save 2% of
    /// the time; on the 20-photo board of `bench/board.sh` they save 1%, the write being its tail.
    package static func write(
        _ outcome: BoardOutcome, with writer: AtomicWriter, to output: String, threads: Int
    ) throws(RenderError) {
        try Vips.withConcurrency(max(1, threads)) { () throws(RenderError) in
            try writer.write(outcome.image, to: output, input: nil)
        }
    }

    /// The shared card for a pose: drawn at the board's scale times the pose's, with the pose's shadow.
    private func cardRenderer(_ pose: CardPose) throws(RenderError) -> CardRenderer {
        let metrics = CardMetrics(
            cardWidth: plan.cardWidth, scale: plan.scale * Double(pose.scale), shadow: pose.shadow)
        return try RenderError.catching("card") { () throws(VipsError) in try CardRenderer(metrics: metrics) }
    }

    /// Decodes one card's photo and caption and turns the card into place.
    private static func prepare(
        _ card: BoardCard, renderer: CardRenderer, boardScale: Double, placeholder: Bool, limits: CardPhoto.Limits,
        decode: PhotoDecoder
    ) -> Prepared {
        let metrics = renderer.metrics
        var photo: VImage?
        var failure: RenderError?
        do {
            photo = try decode(card.photo.path, metrics.photoSide, limits)
        } catch {
            failure = error
            guard placeholder else { return Prepared(layer: nil, failure: error) }
        }
        do {
            let caption = try CardCaption.image(
                card.photo.caption, width: metrics.captionBox.width, scale: metrics.scale)
            let canvas = try renderer.canvas(photo: photo, caption: caption?.inMemory())
            return Prepared(
                layer: try renderer.placed(canvas, center: card.center, angle: card.angle, boardScale: boardScale),
                failure: failure)
        } catch {
            return Prepared(layer: nil, failure: RenderError(card.photo.path, error.message))
        }
    }
}
