import Foundation
import LightboxGeometry

/// One line of a YOLO label file: a box, a box with a confidence, a polygon (segment or
/// oriented box) or a pose line, as a class id, the normalized rect to crop and the shape.
package struct YOLOLabelLine {
    /// The values of a pose line (`5 + keypoints * dims`), from `kpt_shape`; nil when not a pose dataset.
    package let poseValues: Int?
    /// Each side moves out by this fraction of the box's size.
    package let pad: Double
    /// Refuse boxes that stick out of the image instead of clipping them.
    package let strict: Bool

    /// Makes a value from its parts.
    package init(poseValues: Int?, pad: Double, strict: Bool) {
        self.poseValues = poseValues
        self.pad = pad
        self.strict = strict
    }

    /// The class and the checked, padded rect of `text`, or a problem naming the file and line.
    package func parse(_ text: String, file: String, line: Int) -> Result<(Int, CGRect), BatchProblem> {
        label(text, file: file, line: line).map { ($0.classID, $0.rect) }
    }

    /// The class, the checked and padded rect and the shape of `text` (`YOLOLabel`), or a
    /// problem naming the file and line.
    package func label(_ text: String, file: String, line: Int) -> Result<YOLOLabel, BatchProblem> {
        let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = parts.first, let classID = Int(first), classID >= 0 else {
            return .failure(BatchProblem(file, line: line, field: "class", "'\(parts.first ?? "")' is not a class id"))
        }
        var values: [Double] = []
        for (index, part) in parts.dropFirst().enumerated() {
            guard let value = Double(part), value.isFinite else {
                return .failure(
                    BatchProblem(
                        file, line: line, field: Self.fieldName(index, count: parts.count - 1),
                        "'\(part)' is not a number"))
            }
            values.append(value)
        }
        let box: CGRect
        switch unpadded(values) {
        case .success(let rect): box = rect
        case .failure(let message): return .failure(BatchProblem(file, line: line, message.text))
        }
        let padded = box.insetBy(dx: -pad * box.width, dy: -pad * box.height)
        let shape = poseValues == nil && values.count >= 6 ? YOLOLabel.shape(points: values, pad: pad) : nil
        do {
            return .success(
                YOLOLabel(classID: classID, rect: try CropRect.check(padded, strict: strict).rect, shape: shape))
        } catch {
            return .failure(BatchProblem(file, line: line, field: "box", error.description))
        }
    }

    /// A message for a line whose values have no meaning.
    package struct Message: Error {
        /// The text.
        let text: String
    }

    /// The box the values describe, before padding.
    private func unpadded(_ values: [Double]) -> Result<CGRect, Message> {
        if let poseValues {
            guard values.count + 1 == poseValues else {
                return .failure(
                    Message(text: "expected \(poseValues) values for a pose line (kpt_shape), got \(values.count + 1)"))
            }
            return .success(Self.centreBox(values))
        }
        switch values.count {
        case 4, 5:
            return .success(Self.centreBox(values))
        case 6... where values.count % 2 == 0:
            return .success(Self.boundingBox(values))
        default:
            return .failure(
                Message(
                    text:
                        "expected 'class cx cy w h' or 'class x1 y1 x2 y2 x3 y3 ...' (3 or more points), got \(values.count + 1) values"
                ))
        }
    }

    /// `cx cy w h` as a rect.
    private static func centreBox(_ values: [Double]) -> CGRect {
        CGRect(x: values[0] - values[2] / 2, y: values[1] - values[3] / 2, width: values[2], height: values[3])
    }

    /// The bounding box of the points `x1 y1 x2 y2 ...`.
    private static func boundingBox(_ values: [Double]) -> CGRect {
        let xs = stride(from: 0, to: values.count, by: 2).map { values[$0] }
        let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// The name of value `index` after the class: cx, cy, w, h for a box, x1, y1, ... for a polygon.
    private static func fieldName(_ index: Int, count: Int) -> String {
        if count <= 5 { return ["cx", "cy", "w", "h", "confidence"][index] }
        return (index % 2 == 0 ? "x" : "y") + String(index / 2 + 1)
    }
}
