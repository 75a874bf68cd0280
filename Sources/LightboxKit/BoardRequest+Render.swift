import Foundation
import LightboxGeometry
import LightboxRender

extension BoardRequest {
    /// The renderer's plan, or an error about the output naming the field that cannot be drawn.
    ///
    /// The limits are the command line's (`BoardPlan+Limits`): an output up to 32768 pixels a side
    /// (16383 for WebP, 16384 for HEIC and AVIF), a
    /// card up to 10000 pixels tall, a scale from 0.01 to 8, lengths up to 100000 points.
    func plan() throws(LightboxError) -> BoardPlan {
        let lengths: [(String, CGFloat)] =
            [("size.width", size.width), ("size.height", size.height), ("cardWidth", cardWidth)]
            + offsets.sorted { $0.key < $1.key }.flatMap {
                [("offsets.\($0.key)", $0.value.width), ("offsets.\($0.key)", $0.value.height)]
            }
        if let (field, _) = lengths.first(where: { !$0.1.isFinite || abs($0.1) > BoardPlan.maximumLength }) {
            let most = Int(BoardPlan.maximumLength)
            throw LightboxError(output, "\(field) is not a number from -\(most) to \(most)")
        }
        guard size.width > 0, size.height > 0 else { throw LightboxError(output, "size: both sides must be positive") }
        guard scale.isFinite, BoardPlan.scales.contains(scale) else {
            let scales = BoardPlan.scales
            throw LightboxError(
                output,
                "scale \(NumberText.short(scale)) is not a number from \(NumberText.short(scales.lowerBound)) to \(NumberText.short(scales.upperBound))"
            )
        }
        if let twice = BoardPhoto.firstDuplicate(in: boardPhotos) {
            throw LightboxError(output, "photos \(twice.first + 1) and \(twice.second + 1) share the id '\(twice.id)'")
        }
        let plan = BoardPlan(
            board: size, cardWidth: cardWidth, scale: scale, background: try renderedBackground(), photos: boardPhotos,
            offsets: offsets, stacking: stacking)
        let format = OutputFormat(extension: URL(fileURLWithPath: output).pathExtension)
        if let problem = plan.sizeProblem(format: format) { throw LightboxError(output, problem) }
        return plan
    }

    /// The photos as the renderer takes them.
    private var boardPhotos: [BoardPhoto] {
        photos.map { BoardPhoto(id: $0.id, path: $0.path, caption: $0.caption) }
    }

    /// The background as the renderer takes it, or an error naming the colour out of range.
    private func renderedBackground() throws(LightboxError) -> BoardBackground {
        switch background {
        case .colour(let colour): return .color(try colour.rendered("background", output: output))
        case .gradient(let top, let bottom):
            return .gradient(
                top: try top.rendered("background.top", output: output),
                bottom: try bottom.rendered("background.bottom", output: output))
        case .image(let path): return .image(path: path)
        }
    }
}
