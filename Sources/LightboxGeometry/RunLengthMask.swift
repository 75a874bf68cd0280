import Foundation

/// A binary mask as COCO stores it (`iscrowd` objects, RLE segmentations): run lengths over a
/// `width` by `height` grid read column by column (top to bottom, then left to right), the
/// first run being outside the mask. The grid spans the whole displayed photo.
package struct RunLengthMask: Equatable, Sendable, Codable {
    /// The grid's width.
    package let width: Int
    /// The grid's height.
    package let height: Int
    /// The run lengths, alternately outside and inside, starting outside.
    package let counts: [Int]

    /// A mask from its parts; nil when a run is negative or the runs do not cover the grid exactly.
    package init?(width: Int, height: Int, counts: [Int]) {
        guard width > 0, height > 0, counts.allSatisfy({ $0 >= 0 }) else { return nil }
        let (total, overflow) = counts.reduce((0, false)) { sum, count in
            let next = sum.0.addingReportingOverflow(count)
            return (next.partialValue, sum.1 || next.overflow)
        }
        guard !overflow, total == width * height else { return nil }
        self.width = width
        self.height = height
        self.counts = counts
    }

    /// Calls `body` with each inside run as a range of grid indices (column by column).
    package func forEachInsideRun(_ body: (Range<Int>) -> Void) {
        var start = 0
        for (index, count) in counts.enumerated() {
            if index % 2 == 1 && count > 0 { body(start..<start + count) }
            start += count
        }
    }

    /// The grid pixels holding every inside pixel; nil for an empty mask.
    package var bounds: PixelRect? {
        var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
        forEachInsideRun { run in
            let (first, last) = (run.lowerBound, run.upperBound - 1)
            let (firstColumn, lastColumn) = (first / height, last / height)
            left = min(left, firstColumn)
            right = max(right, lastColumn)
            top = min(top, firstColumn == lastColumn ? first % height : 0)
            bottom = max(bottom, firstColumn == lastColumn ? last % height : height - 1)
        }
        guard right >= 0 else { return nil }
        return PixelRect(left: left, top: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// `bounds` as a fraction of the grid (the photo); nil for an empty mask.
    package var normalizedBounds: CGRect? {
        guard let box = bounds else { return nil }
        let (w, h) = (Double(width), Double(height))
        return CGRect(
            x: Double(box.left) / w, y: Double(box.top) / h, width: Double(box.width) / w,
            height: Double(box.height) / h)
    }

    /// The grid pixels of `rect` (clipped to the grid), row by row: 255 inside, 0 outside.
    package func values(in rect: PixelRect) -> [UInt8] {
        var values = [UInt8](repeating: 0, count: max(rect.width, 0) * max(rect.height, 0))
        forEachInsideRun { run in
            var index = run.lowerBound
            while index < run.upperBound {
                let (x, y) = (index / height, index % height)
                let end = min(run.upperBound, (x + 1) * height)
                if x >= rect.left && x < rect.right {
                    let (first, last) = (max(y, rect.top), min(y + end - index, rect.bottom))
                    var row = first
                    while row < last {
                        values[(row - rect.top) * rect.width + x - rect.left] = 255
                        row += 1
                    }
                }
                index = end
            }
        }
        return values
    }

    /// The mask of a photo shown with `orientation`, from this mask of its stored pixels.
    package func displayed(orientation: ExifOrientation) -> RunLengthMask {
        guard orientation != .up else { return self }
        let stored = values(in: PixelRect(left: 0, top: 0, width: width, height: height))
        let shown = orientation.displayedSize(width: width, height: height)
        let (a, c) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        var counts: [Int] = []
        var (inside, run) = (false, 0)
        for x in 0..<shown.width {
            for y in 0..<shown.height {
                // The stored pixel whose centre lies under the displayed pixel's centre.
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let sx = Int(a[0] * cx + a[1] * cy + c.0), sy = Int(a[2] * cx + a[3] * cy + c.1)
                let bit = stored[sy * width + sx] != 0
                if bit != inside {
                    counts.append(run)
                    (inside, run) = (bit, 0)
                }
                run += 1
            }
        }
        counts.append(run)
        return RunLengthMask(width: shown.width, height: shown.height, counts: counts) ?? self
    }
}
