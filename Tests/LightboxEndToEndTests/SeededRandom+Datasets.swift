import Foundation
import SeededRandom

/// Random dataset boxes for the `--square` tests.
extension SeededRandom {
    /// A YOLO line `0 cx cy w h` for a box inside the image, some of them touching an edge.
    mutating func yoloLine() -> String {
        let w = 0.02 + unit() * 0.6, h = 0.02 + unit() * 0.6
        let cx = w / 2 + unit() * (1 - w), cy = h / 2 + unit() * (1 - h)
        return "0 \(cx) \(cy) \(w) \(h)"
    }

    /// A COCO `bbox` `x, y, w, h` in fractional pixels inside a `width` by `height` image.
    mutating func pixelBox(width: Int, height: Int) -> String {
        let w = 3 + unit() * Double(width) * 0.3, h = 3 + unit() * Double(height) * 0.3
        let x = unit() * (Double(width) - w), y = unit() * (Double(height) - h)
        return [x, y, w, h].map { String(format: "%.2f", $0) }.joined(separator: ", ")
    }
}
