import LightboxGeometry

/// A block of a grid's tiles, rows `rows` and columns `columns` (0-based, inclusive ranges),
/// and the coded pixels they make once composed.
package struct TileSpan: Sendable, Equatable {
    /// The rows of tiles.
    package let rows: ClosedRange<Int>
    /// The columns of tiles.
    package let columns: ClosedRange<Int>
    /// The coded pixels the block covers (the last row and column cut to the grid's size).
    package let area: PixelRect

    /// Makes a span.
    package init(rows: ClosedRange<Int>, columns: ClosedRange<Int>, area: PixelRect) {
        self.rows = rows
        self.columns = columns
        self.area = area
    }

    /// How many tiles it holds.
    package var tileCount: Int { rows.count * columns.count }

    /// The smallest span holding both.
    package func union(_ other: TileSpan) -> TileSpan {
        let rows = min(rows.lowerBound, other.rows.lowerBound)...max(rows.upperBound, other.rows.upperBound)
        let columns =
            min(columns.lowerBound, other.columns.lowerBound)...max(columns.upperBound, other.columns.upperBound)
        let left = min(area.left, other.area.left), top = min(area.top, other.area.top)
        let area = PixelRect(
            left: left, top: top, width: max(self.area.right, other.area.right) - left,
            height: max(self.area.bottom, other.area.bottom) - top)
        return TileSpan(rows: rows, columns: columns, area: area)
    }
}
