import Foundation
import LightboxGeometry
import SeededRandom
import Testing

/// `--square`: equal sides in pixels for every image size and box, moved inside, shrunk only
/// when the image is smaller than the side.
struct CropSquareTests {
    /// (image width, height, normalized box, expected square) worked by hand.
    static let worked: [(Int, Int, CGRect, PixelRect, Bool)] = [
        // 640x480, the 0.5 x 0.5 box at the top-left: 320x240 grows to 320x320, moved down to row 0.
        (
            640, 480, CGRect(x: 0, y: 0, width: 0.5, height: 0.5), PixelRect(left: 0, top: 0, width: 320, height: 320),
            false
        ),
        // 640x480, a box 128x96 at (64, 48): the height grows to 128 about row 96, from row 32.
        (
            640, 480, CGRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2),
            PixelRect(left: 64, top: 32, width: 128, height: 128),
            false
        ),
        // 1001x479, a box the full width: no square of 1001 fits, so it is shrunk to 479 about the centre.
        (
            1001, 479, CGRect(x: 0, y: 0.4, width: 1, height: 0.2),
            PixelRect(left: 261, top: 0, width: 479, height: 479),
            true
        ),
        // A box at the right edge is moved inside, not cut: 100x50 at the edge of 1000x1000.
        (
            1000, 1000, CGRect(x: 0.95, y: 0.5, width: 0.05, height: 0.1),
            PixelRect(left: 900, top: 500, width: 100, height: 100), false
        ),
        // The whole of a 1x1 image.
        (1, 1, CGRect(x: 0, y: 0, width: 1, height: 1), PixelRect(left: 0, top: 0, width: 1, height: 1), false),
    ]

    @Test(arguments: worked)
    func workedExamples(width: Int, height: Int, box: CGRect, expected: PixelRect, shrunk: Bool) {
        let square = CropSquare(box, width: width, height: height)
        #expect(square.pixels == expected)
        #expect(square.wasShrunk == shrunk)
    }

    /// The sizes the issue met one pixel off (997x751, 1001x479, 640x603) and awkward others.
    static let sizes: [(Int, Int)] = [
        (997, 751), (1001, 479), (640, 603), (640, 480), (4032, 3024), (3, 1000), (1000, 3), (17, 13), (1, 1), (2, 7),
    ]

    @Test(arguments: sizes)
    func everySquareHasEqualSidesInsideTheImage(width: Int, height: Int) {
        var random = SeededRandom(seed: UInt64(width * 10_007 + height))
        for _ in 0..<2000 {
            let box = random.box()
            let square = CropSquare(box, width: width, height: height)
            let plain = CropRect.pixels(of: box, width: width, height: height)
            let p = square.pixels
            #expect(p.width == p.height, "\(box) on \(width)x\(height) gave \(p)")
            #expect(p.left >= 0 && p.top >= 0 && p.right <= width && p.bottom <= height, "\(p)")
            #expect(p.width == min(max(plain.width, plain.height), width, height), "\(box): \(p) for \(plain)")
            #expect(square.wasShrunk == (max(plain.width, plain.height) > min(width, height)))
            // The normalized rect reads back as the same pixels, as the cropper and the report use it.
            #expect(CropRect.pixels(of: square.rect, width: width, height: height) == p)
            // The long side keeps the box's own pixels when it fits.
            if !square.wasShrunk && plain.width >= plain.height {
                #expect(p.left == plain.left)
            }
            if !square.wasShrunk && plain.height >= plain.width {
                #expect(p.top == plain.top)
            }
        }
    }

    /// A VOC box with fractional corners (xmin 100.5) is square too: the 200x201.
    @Test func fractionalCornersGiveASquare() {
        let (width, height) = (640, 480)
        let box = CGRect(x: 99.5, y: 100.3, width: 200.4, height: 150.2)
        let unit = CGRect(
            x: box.minX / CGFloat(width), y: box.minY / CGFloat(height), width: box.width / CGFloat(width),
            height: box.height / CGFloat(height))
        let square = CropSquare(unit, width: width, height: height)
        #expect(square.pixels.width == 200 && square.pixels.height == 200)
    }
}
