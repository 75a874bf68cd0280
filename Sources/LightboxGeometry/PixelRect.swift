/// A rectangle of whole pixels, as libvips' `extract_area` takes it.
public struct PixelRect: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The first column.
    public var left: Int
    /// The first row.
    public var top: Int
    /// Columns covered, at least 1.
    public var width: Int
    /// Rows covered, at least 1.
    public var height: Int

    /// Makes a pixel rectangle.
    public init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    /// One past the last column.
    public var right: Int { left + width }

    /// One past the last row.
    public var bottom: Int { top + height }

    /// `left,top widthxheight`, for messages.
    public var description: String { "\(left),\(top) \(width)x\(height)" }
}
