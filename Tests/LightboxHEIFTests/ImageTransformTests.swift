import LightboxGeometry
import Testing

@testable import LightboxHEIF

/// Each transform's `inputRect` is the inverse of libheif 1.15's pixel mapping, checked pixel by pixel.
@Suite struct ImageTransformTests {
    /// Where libheif 1.15 puts input pixel (c, r) of a `size` input (`rotate_ccw`, `mirror_inplace`, `crop`).
    static func forward(_ transform: ImageTransform, _ c: Int, _ r: Int, size: (width: Int, height: Int)) -> (Int, Int)
    {
        let (w, h) = size
        switch transform {
        case .rotation(1): return (r, w - 1 - c)
        case .rotation(2): return (w - 1 - c, h - 1 - r)
        case .rotation(3): return (h - 1 - r, c)
        case .rotation: return (c, r)
        case .mirror(let columns): return columns ? (w - 1 - c, r) : (c, h - 1 - r)
        case .crop(let rect): return (c - rect.left, r - rect.top)
        }
    }

    @Test(arguments: [
        ImageTransform.rotation(quarterTurns: 1), .rotation(quarterTurns: 2), .rotation(quarterTurns: 3),
        .mirror(columns: true), .mirror(columns: false), .crop(PixelRect(left: 2, top: 1, width: 5, height: 4)),
    ])
    func inputRectInvertsThePixelMap(transform: ImageTransform) {
        let size = (width: 9, height: 7)
        let output = transform.outputSize(size)
        let rect = PixelRect(left: 1, top: 2, width: 3, height: 2)
        let input = transform.inputRect(of: rect, size: size)
        var mapped = Set<[Int]>()
        for r in input.top..<input.bottom {
            for c in input.left..<input.right {
                let (x, y) = Self.forward(transform, c, r, size: size)
                #expect(x >= 0 && y >= 0 && x < output.width && y < output.height)
                mapped.insert([x, y])
            }
        }
        var expected = Set<[Int]>()
        for y in rect.top..<rect.bottom { for x in rect.left..<rect.right { expected.insert([x, y]) } }
        #expect(mapped == expected, "\(transform)")
    }
}
