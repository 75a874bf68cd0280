import LightboxGeometry

/// A clean aperture (`clap`): the crop libheif 1.15 applies, with its own rounding.
///
/// libheif 1.15 computes the crop with 32-bit fractions that it halves while a numerator or
/// denominator passes 0x10000 (`Fraction` in `box.cc`); the left edge rounds down, the other
/// edges round half up. That arithmetic is reproduced here on 64-bit integers, and whatever
/// would overflow 32 bits there (undefined in C++) or divide by zero is refused instead.
package struct CleanAperture: Sendable, Equatable {
    /// A fraction as libheif 1.15 keeps one.
    struct Fraction: Sendable, Equatable {
        /// The numerator.
        let numerator: Int64
        /// The denominator.
        let denominator: Int64

        /// libheif's constructor: halves both (rounding toward zero) while either is past 0x10000.
        init(_ numerator: Int64, _ denominator: Int64) throws(HEIFFormatError) {
            var (n, d) = (try Self.int32(numerator), try Self.int32(denominator))
            while d > 0x10000 || d < -0x10000 { (n, d) = (n / 2, d / 2) }
            while n > 0x10000 || n < -0x10000 { (n, d) = (n / 2, d / 2) }
            guard d != 0 else { throw HEIFFormatError("clap: a zero denominator") }
            (self.numerator, self.denominator) = (n, d)
        }

        /// `value` when it fits the 32 bits libheif computes in; throws where C++ would overflow.
        static func int32(_ value: Int64) throws(HEIFFormatError) -> Int64 {
            guard Int64(Int32.min)...Int64(Int32.max) ~= value else {
                throw HEIFFormatError("clap: a value overflows 32 bits")
            }
            return value
        }

        /// `self + other` as libheif adds (`sign` -1 subtracts), every step in 32 bits.
        func plus(_ other: Fraction, sign: Int64 = 1) throws(HEIFFormatError) -> Fraction {
            if denominator == other.denominator {
                return try Fraction(try Self.int32(numerator + sign * other.numerator), denominator)
            }
            let first = try Self.int32(numerator * other.denominator)
            let second = try Self.int32(other.numerator * denominator)
            return try Fraction(try Self.int32(first + sign * second), try Self.int32(denominator * other.denominator))
        }

        /// `self - other` as libheif subtracts.
        func minus(_ other: Fraction) throws(HEIFFormatError) -> Fraction {
            try plus(other, sign: -1)
        }

        /// `self + value`.
        func plus(_ value: Int64) throws(HEIFFormatError) -> Fraction {
            try Fraction(try Self.int32(numerator + (try Self.int32(value * denominator))), denominator)
        }

        /// `self / value`.
        func divided(by value: Int64) throws(HEIFFormatError) -> Fraction {
            try Fraction(numerator, try Self.int32(denominator * value))
        }

        /// Rounded toward zero (`round_down`).
        var roundedDown: Int64 { numerator / denominator }

        /// libheif's `round`: `(n + d / 2) / d`, each division toward zero.
        func rounded() throws(HEIFFormatError) -> Int64 { try Self.int32(numerator + denominator / 2) / denominator }
    }

    /// The aperture's width.
    let width: Fraction
    /// The aperture's height.
    let height: Fraction
    /// The horizontal offset of its centre from the image's centre.
    let horizontal: Fraction
    /// The vertical offset of its centre from the image's centre.
    let vertical: Fraction

    /// The aperture from the box's numbers; throws where libheif 1.15 would refuse the box.
    init(
        width: (UInt32, UInt32), height: (UInt32, UInt32), horizontal: (Int32, UInt32), vertical: (Int32, UInt32)
    ) throws(HEIFFormatError) {
        for value in [width.0, width.1, height.0, height.1, horizontal.1, vertical.1] where value > UInt32(Int32.max) {
            throw HEIFFormatError("clap: a value past the 32-bit range")
        }
        self.width = try Fraction(Int64(width.0), Int64(width.1))
        self.height = try Fraction(Int64(height.0), Int64(height.1))
        self.horizontal = try Fraction(Int64(horizontal.0), Int64(horizontal.1))
        self.vertical = try Fraction(Int64(vertical.0), Int64(vertical.1))
    }

    /// The rect libheif 1.15 crops from an image of `width` x `height` (edges clamped into the
    /// image as it clamps them); throws where it would fail or its arithmetic would overflow.
    package func crop(width imageWidth: Int, height imageHeight: Int) throws(HEIFFormatError) -> PixelRect {
        let (w, h) = (Int64(imageWidth), Int64(imageHeight))
        let left = try horizontal.plus(try Fraction(w - 1, 2)).minus(try width.plus(-1).divided(by: 2)).roundedDown
        let right = try width.plus(-1).plus(left).rounded()
        let top = try vertical.plus(try Fraction(h - 1, 2)).minus(try height.plus(-1).divided(by: 2)).rounded()
        let bottom = try height.plus(-1).plus(top).rounded()
        let (first, last) = (max(0, left), min(right, w - 1))
        let (upper, lower) = (max(0, top), min(bottom, h - 1))
        guard first <= last, upper <= lower else { throw HEIFFormatError("clap: an empty aperture") }
        return PixelRect(
            left: Int(first), top: Int(upper), width: Int(last - first + 1), height: Int(lower - upper + 1))
    }
}
