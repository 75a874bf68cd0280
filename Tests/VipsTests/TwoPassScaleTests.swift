import Foundation
import SeededRandom
import Testing
import Vips

/// A pure bicubic scale made in two passes gives libvips' affine's bytes exactly: up and down,
/// at every edge, over the ink and every extend, on any region of it; other affines are left to libvips.
@Suite struct TwoPassScaleTests {
    /// One affine: the input's size and bands, the scale across and down, the output area, the offset, extend and background.
    struct Case: Sendable, CustomTestStringConvertible {
        let width, height, bands: Int
        let across, down: Double
        let area: [Int]
        let offset: (Double, Double)
        let extend: String
        let background: [Double]

        init(
            _ width: Int, _ height: Int, _ bands: Int, _ across: Double, _ down: Double, _ area: [Int],
            _ offset: (Double, Double), _ extend: String, _ background: [Double]
        ) {
            (self.width, self.height, self.bands, self.across, self.down) = (width, height, bands, across, down)
            (self.area, self.offset, self.extend, self.background) = (area, offset, extend, background)
        }

        var testDescription: String {
            "\(width)x\(height)x\(bands) by \(across),\(down) into \(area) at \(offset) \(extend) \(background)"
        }
    }

    /// Noise of `bands` bands (harsh enough that the bicubic overshoots and clips), seeded by `seed`.
    static func noise(width: Int, height: Int, bands: Int, seed: Int) throws -> VImage {
        let planes = try (0..<bands).map { band in
            try VOperation.call(
                "gaussnoise",
                [
                    ("width", .int(width)), ("height", .int(height)), ("sigma", .double(90)), ("mean", .double(128)),
                    ("seed", .int(seed * 7 + band)),
                ]
            ).image().cast("uchar")
        }
        let joined = try planes[0].bandjoin(Array(planes.dropFirst()))
        return try joined.interpreted(bands == 4 ? "cmyk" : bands >= 3 ? "srgb" : bands == 2 ? "multiband" : "b-w")
    }

    /// libvips' own affine, as `VImage.affine` called it before the two-pass path.
    static func libvips(_ image: VImage, _ c: Case) throws -> VImage {
        try VOperation.call(
            "affine",
            [
                ("in", .image(image)), ("matrix", .doubles([c.across, 0, 0, c.down])), ("oarea", .ints(c.area)),
                ("odx", .double(c.offset.0)), ("ody", .double(c.offset.1)), ("background", .doubles(c.background)),
                ("interpolate", .interpolator("bicubic")), ("extend", .nick(c.extend)),
                ("premultiplied", .bool(false)),
            ]
        ).image()
    }

    /// The chosen cases: a zoomed viewer's upscale, shrinks, one axis only, the ink around, tiny inputs.
    static let chosen: [Case] = [
        Case(300, 220, 3, 1.434, 1.434, [0, 0, 390, 300], (-7.25, -3.5), "copy", [0]),
        Case(300, 220, 3, 0.31, 0.27, [0, 0, 93, 60], (0, 0), "copy", [0]),
        Case(97, 61, 1, 3.7, 0.8, [-20, -9, 400, 70], (11.3, 2.9), "black", [0]),
        Case(97, 61, 2, 1, 2.5, [5, 3, 80, 140], (0, 0), "background", [77]),
        Case(64, 48, 4, 2, 2, [0, 0, 128, 96], (0.5, 0.5), "copy", [0]),
        Case(64, 48, 3, 17, 17, [-30, -30, 1200, 900], (3, 4), "background", [200, 10, 99]),
        Case(1, 1, 3, 40, 40, [0, 0, 40, 40], (0, 0), "copy", [0]),
        Case(2, 3, 1, 0.4, 5.5, [-3, -3, 8, 25], (-1.1, 0.7), "black", [0]),
        Case(250, 9, 3, 1.0000001, 0.9999999, [0, 0, 250, 9], (0, 0), "copy", [0]),
    ]

    /// Seeded random cases (a failure names one that repeats).
    static let drawn: [Case] = {
        var random = SeededRandom(seed: 32)
        return (0..<24).map { _ in
            let width = Int.random(in: 1...160, using: &random)
            let height = Int.random(in: 1...120, using: &random)
            let across = Double.random(in: 0.05...6, using: &random)
            let down = Double.random(in: 0.05...6, using: &random)
            let area = [
                Int.random(in: -40...40, using: &random), Int.random(in: -40...40, using: &random),
                Int.random(in: 1...300, using: &random), Int.random(in: 1...300, using: &random),
            ]
            let offset = (Double.random(in: -50...50, using: &random), Double.random(in: -50...50, using: &random))
            let bands = [1, 3][Int.random(in: 0...1, using: &random)]
            let extend = ["copy", "black", "mirror"][Int.random(in: 0...2, using: &random)]
            return Case(width, height, bands, across, down, area, offset, extend, [0])
        }
    }()

    @Test(arguments: chosen + drawn)
    func theBytesAreLibvips(_ c: Case) throws {
        let image = try Self.noise(width: c.width, height: c.height, bands: c.bands, seed: c.width * 31 + c.height)
        let scaled = try #require(
            try image.twoPassScaled(
                [c.across, 0, 0, c.down], area: c.area, offset: c.offset, background: c.background,
                interpolate: "bicubic", extend: c.extend))
        let reference = try Self.libvips(image, c)
        #expect(scaled.width == reference.width && scaled.height == reference.height && scaled.bands == c.bands)
        #expect(try scaled.ucharBytes() == reference.ucharBytes())
        #expect(scaled.interpretation == reference.interpretation)
        // A part whose left is not 0: libvips walks each row from the region's left.
        let (left, top) = (c.area[2] / 3, c.area[3] / 4)
        let (width, height) = (max(1, c.area[2] / 2), max(1, c.area[3] / 2))
        #expect(
            try scaled.crop(left: left, top: top, width: width, height: height).ucharBytes()
                == reference.crop(left: left, top: top, width: width, height: height).ucharBytes())
    }

    /// Affines the two passes do not make go to libvips: a rotation, a flip, another interpolator,
    /// the identity, a number that is not finite, 16-bit bands, an alpha band, a background between whole values.
    @Test func otherAffinesAreLibvips() throws {
        let rgb = try Self.noise(width: 40, height: 30, bands: 3, seed: 1)
        let area = [0, 0, 60, 45]
        func made(
            _ image: VImage, _ matrix: [Double], interpolate: String = "bicubic", background: [Double] = [0],
            offset: (Double, Double) = (0, 0)
        )
            throws -> VImage?
        {
            try image.twoPassScaled(
                matrix, area: area, offset: offset, background: background, interpolate: interpolate, extend: "copy")
        }
        #expect(try made(rgb, [1.5, 0, 0, 1.5]) != nil)
        #expect(try made(rgb, [1.5, 0.2, 0, 1.5]) == nil)
        #expect(try made(rgb, [-1.5, 0, 0, 1.5]) == nil)
        #expect(try made(rgb, [1.5, 0, 0, 1.5], interpolate: "bilinear") == nil)
        #expect(try made(rgb, [1, 0, 0, 1]) == nil)
        #expect(try made(rgb.cast("ushort"), [1.5, 0, 0, 1.5]) == nil)
        #expect(try made(rgb.appendingBands([255]), [1.5, 0, 0, 1.5]) == nil)
        #expect(try made(rgb, [1.5, 0, 0, 1.5], background: [0.5]) == nil)
        #expect(try made(rgb, [.infinity, 0, 0, 1.5]) == nil)
        #expect(try made(rgb, [1.5, 0, 0, 1.5], offset: (.nan, 0)) == nil)
    }
}
