import Foundation
import LightboxGeometry

/// A COCO annotation's `segmentation`: polygons in pixels (an object in several parts), or a
/// run-length mask, its counts as a list or in pycocotools' compressed string.
package enum COCOSegmentation: Equatable, Sendable {
    /// Each part `[x1, y1, x2, y2, ...]` in pixels of the annotated image.
    case polygons([[Double]])
    /// A mask of `height` x `width` (the RLE's `size` is `[height, width]`), its runs column by column.
    case runLength(height: Int, width: Int, counts: [Int])

    /// The most numbers one segmentation may hold (a bound for untrusted files).
    static let limit = 20_000_000
    /// The most pixels a mask's grid may have: the default `--max-pixels`.
    static let largestMask = 250_000_000

    /// The shape, normalized over the annotated image `size`; a message when it cannot be one.
    /// One polygon of four points is an oriented box (as a YOLO line of four points is, padded
    /// by `pad` in its own frame), so `--oriented upright` cuts it upright.
    package func shape(over size: AnnotatedSize, pad: Double = 0) -> Result<CropShape, YOLOLabelLine.Message> {
        switch self {
        case .polygons(let parts):
            let scale = (1 / Double(size.width), 1 / Double(size.height))
            if parts.count == 1, parts[0].count == 8,
                let box = YOLOLabel.shape(
                    points: parts[0].enumerated().map { $1 * ($0 % 2 == 0 ? scale.0 : scale.1) }, pad: pad)
            {
                return .success(box)
            }
            guard let polygon = PolygonShape(flat: parts, scale: scale) else {
                return .failure(.init(text: "expected polygons of three or more points [x1, y1, x2, y2, ...]"))
            }
            return .success(.polygon(polygon))
        case .runLength(let height, let width, let counts):
            guard width * height <= Self.largestMask else {
                return .failure(.init(text: "the mask's size \(width)x\(height) is over \(Self.largestMask) pixels"))
            }
            guard let mask = RunLengthMask(width: width, height: height, counts: counts) else {
                return .failure(
                    .init(text: "the mask's runs do not cover its size \(width)x\(height) (size is [height, width])"))
            }
            guard mask.bounds != nil else { return .failure(.init(text: "the mask is empty")) }
            return .success(.mask(mask))
        }
    }

    /// Reads a `segmentation` value from `stream`: an array of polygons (or one flat polygon), a
    /// `{"size": [h, w], "counts": ...}` object, or null (nil).
    static func read(_ stream: JSONStream) throws(BatchProblem) -> COCOSegmentation? {
        if try stream.null() { return nil }
        if try stream.peek() == UInt8(ascii: "{") { return try readRunLength(stream) }
        var parts: [[Double]] = []
        var flat: [Double] = []
        var (first, total) = (true, 0)
        while try stream.nextElement(first: &first) {
            if try stream.peek() == UInt8(ascii: "[") {
                parts.append(try numbers(stream, total: &total))
            } else {
                flat.append(try stream.number())
                total += 1
            }
            if total > limit { throw stream.problem("segmentation: more than \(limit) numbers") }
        }
        return .polygons(flat.isEmpty ? parts : parts + [flat])
    }

    /// An array of numbers, counted into `total`.
    private static func numbers(_ stream: JSONStream, total: inout Int) throws(BatchProblem) -> [Double] {
        var values: [Double] = []
        var first = true
        while try stream.nextElement(first: &first) {
            values.append(try stream.number())
            total += 1
            if total > limit { throw stream.problem("segmentation: more than \(limit) numbers") }
        }
        return values
    }

    /// `{"size": [height, width], "counts": [...] or "compressed"}`.
    private static func readRunLength(_ stream: JSONStream) throws(BatchProblem) -> COCOSegmentation {
        var size: [Double]?
        var counts: [Int]?
        var (first, total) = (true, 0)
        while let key = try stream.nextKey(first: &first) {
            switch key {
            case "size": size = try numbers(stream, total: &total)
            case "counts":
                if try stream.peek() == UInt8(ascii: "\"") {
                    guard let decoded = COCORunLength.decode(try stream.string()) else {
                        throw stream.problem("segmentation: counts is not a compressed RLE string")
                    }
                    counts = decoded
                } else {
                    counts = try numbers(stream, total: &total).map { value throws(BatchProblem) -> Int in
                        guard value >= 0, value.rounded() == value, value < 1e12 else {
                            throw stream.problem("segmentation: counts must be whole numbers from 0")
                        }
                        return Int(value)
                    }
                }
            default: try stream.skip()
            }
        }
        guard let size, size.count == 2, size.allSatisfy({ $0 >= 1 && $0.rounded() == $0 && $0 < 1e6 }), let counts
        else {
            throw stream.problem("segmentation: an RLE needs size [height, width] and counts")
        }
        return .runLength(height: Int(size[0]), width: Int(size[1]), counts: counts)
    }
}
