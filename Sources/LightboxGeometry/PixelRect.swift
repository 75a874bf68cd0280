/// A rectangle of whole pixels, as libvips' `extract_area` takes it.
package struct PixelRect: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The first column.
    package var left: Int
    /// The first row.
    package var top: Int
    /// Columns covered, at least 1.
    package var width: Int
    /// Rows covered, at least 1.
    package var height: Int

    /// Makes a pixel rectangle.
    package init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    /// One past the last column.
    package var right: Int { left + width }

    /// One past the last row.
    package var bottom: Int { top + height }

    /// `left,top widthxheight`, for messages.
    package var description: String { "\(left),\(top) \(width)x\(height)" }
}
