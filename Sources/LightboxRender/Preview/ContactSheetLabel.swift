import Foundation
import LightboxSystem
import Vips

/// The small label under each contact sheet cell, so the bad crop among a thousand can be found:
/// the crop's number and the input's file name (`#3 street.jpg`), or for a dataset the class
/// and the box's number from its output name (`cat #42 0001.jpg`), cut with an ellipsis when long.
package enum ContactSheetLabel {
    /// The height of the label strip under a cell's preview, in pixels.
    package static let height = 16
    /// The label's font size, in pixels.
    static let fontPixels = 11.0
    /// The label's grey, light on the sheet's dark background.
    static let ink: [Double] = [215, 215, 215]

    /// The label of crop `number` (from 1) of `input` written to `output`; `dataset` names the
    /// class (the output's folder) and the box (the number after the last `_` of its name).
    package static func text(input: String, output: String, number: Int, dataset: Bool) -> String {
        let file = (input as NSString).lastPathComponent
        guard dataset else { return "#\(number) \(file)" }
        let folder = (PathText.folder(of: output) as NSString).lastPathComponent
        let stem = ((output as NSString).lastPathComponent as NSString).deletingPathExtension
        let box = stem.split(separator: "_").last.map(String.init) ?? String(number)
        return "\(folder) #\(box) \(file)"
    }

    /// `text` as drawn in `width` pixels: whole when it fits, else its longest start plus "…";
    /// with its image (light letters, emoji in colour, sRGB with alpha), nil when not even the ellipsis fits.
    package static func fitted(_ text: String, width: Int) throws(VipsError) -> (text: String, image: VImage)? {
        let direction = TextDirection(of: text)
        let whole = try render(text, direction: direction)
        if whole.width <= width { return (text, whole) }
        return try TextLine.truncated(text, width: width) { (candidate) throws(VipsError) in
            try render(candidate, direction: direction)
        }
    }

    /// A square cell `width` wide in the cell's grey: `preview` centred in the part above the
    /// label strip, and `text` in the strip.
    package static func cell(_ preview: VImage, text: String, width: Int) throws(VipsError) -> VImage {
        let room = max(width - height, preview.height)
        let canvas = try preview.embedded(
            x: (width - preview.width) / 2, y: (room - preview.height) / 2, width: width, height: room + height,
            background: ContactSheet.background)
        guard let (_, label) = try fitted(text, width: width - 4) else { return canvas }
        let top = room + max((height - label.height) / 2, 0)
        return try canvas.composited([label], at: [(x: (width - label.width) / 2, y: top)]).band(0, count: 3)
    }

    /// `text` as one line in the caption's face, in the label's ink, running in `direction`.
    private static func render(_ text: String, direction: TextDirection) throws(VipsError) -> VImage {
        try TextLine.image(
            text, face: .caption, pixels: fontPixels, ink: ink, direction: direction)
    }
}
