import LightboxGeometry
import Testing

@testable import LightboxHEIF

/// The clean aperture's crop follows libheif 1.15's arithmetic (`Box_clap::left_rounded` and the
/// rest), and what would overflow its 32-bit fractions is refused rather than guessed.
@Suite struct CleanApertureTests {
    static func aperture(_ values: [Int64]) throws -> CleanAperture {
        try CleanAperture(
            width: (UInt32(values[0]), UInt32(values[1])), height: (UInt32(values[2]), UInt32(values[3])),
            horizontal: (Int32(values[4]), UInt32(values[5])), vertical: (Int32(values[6]), UInt32(values[7])))
    }

    @Test(arguments: [
        // A centred 100x80 in 200x100: left 199/2 - 99/2 = 50, top 99/2 - 79/2 = 10.
        ([100, 1, 80, 1, 0, 1, 0, 1], 200, 100, PixelRect(left: 50, top: 10, width: 100, height: 80)),
        // Odd sizes: left (9/2 - 4/2) = 2.5 rounds down to 2; top (5/2 - 2/2) = 1.5 rounds to 2.
        ([5, 1, 3, 1, 0, 1, 0, 1], 10, 6, PixelRect(left: 2, top: 2, width: 5, height: 3)),
        // Moved 3 left and 2 down.
        ([4, 1, 4, 1, -3, 1, 2, 1], 20, 20, PixelRect(left: 5, top: 10, width: 4, height: 4)),
        // Wider than the image and moved right: left 10 + 19/2 - 29/2 = 5, right 34 clamped to 19.
        ([30, 1, 10, 1, 10, 1, 0, 1], 20, 10, PixelRect(left: 5, top: 0, width: 15, height: 10)),
        // A width of 5/2: left 7/2 - 3/4 = 22/8 rounds down to 2, right 3/2 + 2 rounds half up to 4.
        ([5, 2, 4, 1, 0, 1, 0, 1], 8, 4, PixelRect(left: 2, top: 0, width: 3, height: 4)),
    ])
    func theCropIsLibheifs(values: [Int64], width: Int, height: Int, expected: PixelRect) throws {
        #expect(try Self.aperture(values).crop(width: width, height: height) == expected)
    }

    @Test(arguments: [
        // Fractions near 0x10000 whose cross products pass 32 bits.
        [65535, 65531, 141, 1, 65535, 65533, 9, 2],
        // A zero denominator.
        [10, 0, 10, 1, 0, 1, 0, 1],
        // Past the image entirely.
        [10, 1, 10, 1, 1000, 1, 0, 1],
    ])
    func whatLibheifCannotComputeIsRefused(values: [Int64]) {
        #expect(throws: HEIFFormatError.self) { try Self.aperture(values).crop(width: 250, height: 180) }
    }
}
