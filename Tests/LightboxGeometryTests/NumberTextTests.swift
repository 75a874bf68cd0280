import Foundation
import LightboxGeometry
import SeededRandom
import Testing

/// Numbers in messages: shortest at 6 significant digits, whole numbers plain.
struct NumberTextTests {
    /// (value, text).
    static let cases: [(Double, String)] = [
        (1 - 0.9, "0.1"),
        (0.09999999999999998, "0.1"),
        (0.1 + 0.2, "0.3"),
        (0.9, "0.9"),
        (1280, "1280"),
        (-3, "-3"),
        (-0.0, "0"),
        (1.0 / 3.0, "0.333333"),
        (2.0 / 3.0, "0.666667"),
        (0.123456789, "0.123457"),
        (1234.5, "1234.5"),
        (123456.7, "123457"),
        (1234567.5, "1234570"),
        (0.00001234, "1.234e-05"),
        (1.5e-7, "1.5e-07"),
        (4.000000000000001, "4"),
        (1e20, "1e+20"),
        (Double.nan, "nan"),
        (Double.infinity, "inf"),
    ]

    @Test(arguments: cases)
    func shortForm(value: Double, text: String) {
        #expect(NumberText.short(value) == text)
    }

    /// The rounded value is the one the short form names, so records that hold it print that form.
    @Test(arguments: cases.filter { $0.0.isFinite })
    func roundedIsTheValueOfTheShortForm(value: Double, text: String) {
        #expect(NumberText.rounded(value) == Double(text))
    }

    /// The text reads back as the value at 6 significant digits, for many values.
    @Test func readsBackAtSixDigits() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<20_000 {
            let value = (random.unit() - 0.5) * pow(10, (random.unit() * 16).rounded() - 8)
            let text = NumberText.short(value)
            guard let back = Double(text) else {
                Issue.record("\(text) does not read back")
                continue
            }
            #expect(String(format: "%.5e", back) == String(format: "%.5e", value), "\(value) gave \(text)")
        }
    }

    @Test func aClippedRectIsWrittenWithoutNoise() {
        let clipped = CGRect(x: 0.9, y: 0.9, width: 1 - 0.9, height: 1 - 0.9)
        #expect(NumberText.rect(clipped) == "0.9,0.9,0.1,0.1")
    }
}
