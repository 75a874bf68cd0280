import Foundation
import LightboxRender
import Vips

/// Pango's own drawing of a text, by libvips' `text` with nothing of Lightbox's around it, and
/// the ink of a drawn line, to hold what a caption or label draws against it.
enum PangoInk {
    /// The caption's font at `pixels` (72 dpi makes points pixels), as `CardCaption` asks for it.
    static func captionFont(pixels: Double) -> String {
        CardCaption.face.description(pixels: pixels)
    }

    /// `text` as Pango lays it out and draws it by itself: escaped, in `font`, as sRGB with alpha,
    /// cropped to its ink.
    static func drawn(_ text: String, font: String) throws -> VImage {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return try VImage.text(escaped, font: font, dpi: 72, rgba: true)
    }

    /// Whether each column of `image` (sRGB with alpha) holds a pixel whose alpha is at least `alpha`.
    static func columns(_ image: VImage, alpha: Int) throws -> [Bool] {
        let bytes = try image.ucharBytes()
        let bands = image.bands
        var inked = [Bool](repeating: false, count: image.width)
        for index in stride(from: bands - 1, to: bytes.count, by: bands) where Int(bytes[index]) >= alpha {
            inked[index / bands % image.width] = true
        }
        return inked
    }

    /// How many rows of each column of `image` hold a pixel whose alpha is at least `alpha`.
    static func columnHeights(_ image: VImage, alpha: Int) throws -> [Int] {
        let bytes = try image.ucharBytes()
        let bands = image.bands
        var heights = [Int](repeating: 0, count: image.width)
        for index in stride(from: bands - 1, to: bytes.count, by: bands) where Int(bytes[index]) >= alpha {
            heights[index / bands % image.width] += 1
        }
        return heights
    }

    /// The share of columns on which `first` and `second` (as wide) agree whether there is ink.
    static func agreement(_ first: [Bool], _ second: [Bool]) -> Double {
        guard first.count == second.count, !first.isEmpty else { return 0 }
        return Double(zip(first, second).filter { $0 == $1 }.count) / Double(first.count)
    }
}
