import Foundation
import LightboxGeometry
import Vips

/// What lies under the cards: one colour, a vertical gradient, or an image filling the board.
package enum BoardBackground: Sendable, Equatable, Codable {
    /// One flat colour.
    case color(BoardColor)
    /// A vertical gradient from the top colour to the bottom colour.
    case gradient(top: BoardColor, bottom: BoardColor)
    /// An image file, scaled to cover the board and cropped in its centre.
    case image(path: String)

    /// The demo board's gradient, from `CardStyle.backgroundTop` to `CardStyle.backgroundBottom`.
    package static let standard = BoardBackground.gradient(
        top: BoardColor(CardStyle.backgroundTop), bottom: BoardColor(CardStyle.backgroundBottom)
    )

    /// Reads a SPEC: a colour (`BoardColor`'s grammar), `TOP:BOTTOM` for a gradient, anything else is an image path.
    ///
    /// A relative image path is taken from `folder` when given. Text that starts like a colour
    /// (`#`, `rgb`, a digit) but is not one is nil; a file named like a colour is `./white`.
    package static func parse(_ spec: String, relativeTo folder: String? = nil) -> BoardBackground? {
        if let color = BoardColor.parse(spec) { return .color(color) }
        let halves = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if halves.count == 2, let top = BoardColor.parse(halves[0]), let bottom = BoardColor.parse(halves[1]) {
            return .gradient(top: top, bottom: bottom)
        }
        if spec.isEmpty || BoardColor.looksLikeColour(spec) || looksNumeric(spec) { return nil }
        guard let folder, !spec.hasPrefix("/") else { return .image(path: spec) }
        return .image(path: URL(fileURLWithPath: folder).appendingPathComponent(spec).standardized.path)
    }

    /// Whether text is only digits, dots, commas, colons and spaces: a colour typed wrong, not a file.
    private static func looksNumeric(_ text: String) -> Bool {
        text.allSatisfy { "0123456789.,: -+".contains($0) }
    }

    /// The SPEC that reads back as this background (image paths made absolute).
    package var spec: String {
        switch self {
        case .color(let color): return color.spec
        case .gradient(let top, let bottom): return "\(top.spec):\(bottom.spec)"
        case .image(let path): return URL(fileURLWithPath: path).standardized.path
        }
    }

    /// The background as an opaque sRGB image of `width` by `height` pixels; an image is read by
    /// the rule every input of a job is read by (`InputFile`: its header checked, `limits`' pixel
    /// limit and `fail_on`), as a card's photo is.
    package func render(
        width: Int, height: Int, limits: CardPhoto.Limits = CardPhoto.Limits()
    ) throws(RenderError) -> VImage {
        switch self {
        case .color(let color):
            return try RenderError.catching("background") { () throws(VipsError) in
                try VImage.filled(width: width, height: height, color: color.bytes)
            }
        case .gradient(let top, let bottom):
            return try RenderError.catching("background") { () throws(VipsError) in
                try BoardBackground.gradient(top: top, bottom: bottom, width: width, height: height)
            }
        case .image(let path):
            let file = try InputFile(path, failOn: limits.failOn, maxPixels: limits.maxPixels)
            return try RenderError.catching(path) { () throws(VipsError) in
                let cover = try DisplayColour.thumbnail(
                    path, width: width, height: height, crop: "centre", failOn: limits.failOn, header: file.header)
                return try CardPhoto.opaqueSRGB(cover).inMemory()
            }
        }
    }

    /// A one-pixel column of the gradient drawn by librsvg, repeated across the board as it is read.
    private static func gradient(
        top: BoardColor, bottom: BoardColor, width: Int, height: Int
    ) throws(VipsError) -> VImage {
        let document = """
            <svg xmlns="http://www.w3.org/2000/svg" width="1" height="\(height)">\
            <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">\
            <stop offset="0" stop-color="\(top.svg)"/><stop offset="1" stop-color="\(bottom.svg)"/>\
            </linearGradient></defs><rect width="1" height="\(height)" fill="url(#g)"/></svg>
            """
        let column = try VImage.svg(document).flattened(background: [255, 255, 255]).cast("uchar").interpreted("srgb")
        return try column.inMemory().embedded(x: 0, y: 0, width: width, height: height, extend: "copy")
    }
}
