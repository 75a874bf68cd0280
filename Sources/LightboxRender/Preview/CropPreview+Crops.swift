import Foundation
import Vips

/// The previews of one input's finished crops, drawn over one decode of the input.
extension CropPreview {
    /// One finished crop to preview: its place among the input's crops, what to outline (its
    /// rect, or the shape it follows: `PreviewShape.of`), and its label on the contact sheet
    /// (`ContactSheetLabel.text`).
    package typealias Crop = (index: Int, shape: PreviewShape, label: String)

    /// Draws each crop's preview over one decode of `input`, adds it to `sheet` in `order`, and
    /// writes it where `destination` says (nil: nowhere) with `writer`.
    ///
    /// Returns the problems: the input's alone when it cannot be opened, else one per preview that failed.
    package func previews(
        of input: String, crops: [Crop], failOn: FailOn, sheet: ContactSheet?, order: Int, writer: AtomicWriter,
        destination: (Int) throws(RenderError) -> String?
    ) -> [RenderError] {
        let base: VImage
        do {
            base = try self.base(of: input, failOn: failOn, background: writer.options.background)
        } catch {
            return [error]
        }
        var problems: [RenderError] = []
        for crop in crops {
            do throws(RenderError) {
                let preview = try render(crop.shape, over: base, input: input)
                try sheet?.add(preview, order: (order, crop.index), input: input, label: crop.label)
                if let path = try destination(crop.index) {
                    try writer.write(preview, to: path, input: input)
                }
            } catch {
                problems.append(error)
            }
        }
        return problems
    }
}
