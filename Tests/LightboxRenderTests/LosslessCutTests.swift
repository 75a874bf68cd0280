import Foundation
import JPEGCoefficients
import LightboxGeometry
import Testing
import Vips

@testable import LightboxRender

/// Lossless JPEG cuts: the rect snapped to the iMCU grid, the output's coefficients and
/// quantization tables the input's (read back with libjpeg), every EXIF orientation upright.
@Suite struct LosslessCutTests {
    /// A JPEG's coefficients read with libjpeg; freed with the value.
    final class Coefficients {
        var image = jc_image()

        init(_ path: String) throws {
            guard jc_read(path, &image) == 0 else {
                throw VipsError(
                    "libjpeg: "
                        + withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
            }
        }

        deinit { jc_free(&image) }

        /// Component `ci`'s sampling, size in blocks and coefficients.
        func component(_ ci: Int) -> (h: Int, v: Int, across: Int, down: Int, values: UnsafeMutablePointer<Int16>) {
            let h = [image.h_samp.0, image.h_samp.1, image.h_samp.2, image.h_samp.3][ci]
            let v = [image.v_samp.0, image.v_samp.1, image.v_samp.2, image.v_samp.3][ci]
            let across = [image.blocks_across.0, image.blocks_across.1, image.blocks_across.2, image.blocks_across.3][
                ci]
            let down = [image.blocks_down.0, image.blocks_down.1, image.blocks_down.2, image.blocks_down.3][ci]
            let values = [image.coefficients.0, image.coefficients.1, image.coefficients.2, image.coefficients.3][ci]!
            return (Int(h), Int(v), Int(across), Int(down), values)
        }

        /// Component `ci`'s quantization table in natural order.
        func quantization(_ ci: Int) -> [UInt16] {
            withUnsafeBytes(of: image.quantization) { raw in
                Array(raw.bindMemory(to: UInt16.self)[(ci * 64)..<(ci * 64 + 64)])
            }
        }
    }

    /// Each output block holds the coefficients of the source block under it (found through the
    /// orientation's rect map, not the cut's own steps), the same up to order and sign; the DC
    /// coefficient is the same exactly, and the quantization tables are the source's (transposed
    /// with the coefficients when the orientation swaps the axes).
    static func expectSameCoefficients(
        source: String, output: String, orientation: ExifOrientation, shown: PixelRect
    ) throws {
        let (input, cut) = (try Coefficients(source), try Coefficients(output))
        #expect(cut.image.components == input.image.components)
        let stored = (width: Int(input.image.width), height: Int(input.image.height))
        let maxIn = (0..<Int(input.image.components)).map { input.component($0) }
        let maxOut = (0..<Int(cut.image.components)).map { cut.component($0) }
        let (hIn, vIn) = (maxIn.map(\.h).max()!, maxIn.map(\.v).max()!)
        let (hOut, vOut) = (maxOut.map(\.h).max()!, maxOut.map(\.v).max()!)
        for ci in 0..<Int(cut.image.components) {
            let (out, src) = (cut.component(ci), input.component(ci))
            // One block of this component covers this many displayed (output) pixels.
            let (bw, bh) = (8 * hOut / out.h, 8 * vOut / out.v)
            var (mismatches, compared) = (0, 0)
            for oy in 0..<out.down {
                for ox in 0..<out.across {
                    let area = PixelRect(left: shown.left + ox * bw, top: shown.top + oy * bh, width: bw, height: bh)
                    let under = orientation.storedRect(of: area, width: stored.width, height: stored.height)
                    let (sx, sy) = (under.left * src.h / (8 * hIn), under.top * src.v / (8 * vIn))
                    guard sx < src.across, sy < src.down else { continue }
                    let o = out.values + (oy * out.across + ox) * 64
                    let s = src.values + (sy * src.across + sx) * 64
                    compared += 1
                    let transposed = orientation.swapsAxes
                    for k in 0..<64 {
                        let (row, column) = (k / 8, k % 8)
                        let from = transposed ? column * 8 + row : k
                        if abs(Int(o[k])) != abs(Int(s[from])) || (k == 0 && o[0] != s[0]) { mismatches += 1 }
                    }
                }
            }
            #expect(compared == out.across * out.down, "component \(ci): \(compared) blocks found in the source")
            #expect(mismatches == 0, "component \(ci): \(mismatches) coefficients differ")
            let (qIn, qOut) = (input.quantization(ci), cut.quantization(ci))
            let expected = orientation.swapsAxes ? (0..<64).map { qIn[($0 % 8) * 8 + $0 / 8] } : qIn
            #expect(qOut == expected)
        }
    }

    @Test(arguments: 1...8)
    func everyOrientationComesOutUprightWithTheSameCoefficients(tag: Int) throws {
        for name in ["Landscape", "Portrait"] {
            let input = ShapeTestSupport.fixture("exif-orientation/\(name)_\(tag).jpg")
            let output = ShapeTestSupport.temporary("jpg")
            defer { try? FileManager.default.removeItem(atPath: output) }
            let rect = CGRect(x: 0.13, y: 0.21, width: 0.5, height: 0.37)
            let outcome = ShapeTestSupport.cut(input, rect: rect, cut: CropCut(lossless: true), output: output)
            #expect(outcome.error == nil, "\(outcome.error?.description ?? "")")
            #expect(outcome.decoder == .lossless && outcome.snapped)
            let shown = try #require(outcome.pixels)
            let asked = CropRect.pixels(of: rect, width: outcome.image!.width, height: outcome.image!.height)
            #expect(shown.left <= asked.left && shown.top <= asked.top)
            #expect(shown.right >= asked.right && shown.bottom >= asked.bottom)
            let written = try VImage.load(output)
            #expect(written.width == shown.width && written.height == shown.height)
            #expect(written.orientation == 1)
            // The pixels are the photo's as libvips shows it upright, but for chroma upsampling at the cut's edges.
            let upright = try VImage.load(input).autorotated().crop(
                left: shown.left, top: shown.top, width: shown.width, height: shown.height)
            let (mean, _) = try ShapeTestSupport.difference(written, upright)
            #expect(mean < 0.5, "\(name)_\(tag): differs by \(mean) on average")
            let orientation = ExifOrientation(tag: try VImage.load(input).orientation)
            try Self.expectSameCoefficients(source: input, output: output, orientation: orientation, shown: shown)
        }
    }

    /// Other kinds of baseline JPEG: CMYK (Adobe), 4:2:2 with restart markers and an odd size, greyscale.
    @Test(arguments: ["cmyk.jpg", "jpeg-kinds/chroma422.jpg", "grey"])
    func otherKindsKeepTheirCoefficients(name: String) throws {
        var input = ShapeTestSupport.fixture(name)
        let grey = ShapeTestSupport.temporary("jpg"), output = ShapeTestSupport.temporary("jpg")
        defer { for path in [grey, output] { try? FileManager.default.removeItem(atPath: path) } }
        if name == "grey" {
            try VImage.load(ShapeTestSupport.fixture("exif-orientation/Landscape_1.jpg")).colourspace("b-w").save(
                to: grey, saver: "jpegsave")
            input = grey
        }
        let outcome = ShapeTestSupport.cut(
            input, rect: CGRect(x: 0.31, y: 0.27, width: 0.69, height: 0.5), cut: CropCut(lossless: true),
            output: output)
        #expect(outcome.error == nil, "\(outcome.error?.description ?? "")")
        let shown = try #require(outcome.pixels)
        let written = try VImage.load(output)
        #expect(written.width == shown.width && written.height == shown.height)
        #expect(written.bands == (try VImage.load(input)).bands)
        try Self.expectSameCoefficients(source: input, output: output, orientation: .up, shown: shown)
        let original = try VImage.load(input).crop(
            left: shown.left, top: shown.top, width: shown.width, height: shown.height)
        #expect(try ShapeTestSupport.difference(written, original).mean < 0.5)
    }

    @Test func aRectOnTheGridIsNotSnappedAndKeepsTheICCProfileOnly() throws {
        let input = ShapeTestSupport.fixture("icc.jpg")
        let header = try VImage.load(input)
        let output = ShapeTestSupport.temporary("jpg")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let rect = CGRect(
            x: 16 / Double(header.width), y: 32 / Double(header.height), width: 64 / Double(header.width),
            height: 48 / Double(header.height))
        let outcome = ShapeTestSupport.cut(input, rect: rect, cut: CropCut(lossless: true), output: output)
        #expect(outcome.error == nil && !outcome.snapped)
        #expect(outcome.pixels == PixelRect(left: 16, top: 32, width: 64, height: 48))
        let written = try VImage.load(output)
        #expect(written.hasField("icc-profile-data") == header.hasField("icc-profile-data"))
        #expect(!written.fieldNames.contains { $0.hasPrefix("exif-") })
        try Self.expectSameCoefficients(source: input, output: output, orientation: .up, shown: outcome.pixels!)
    }

    @Test func keptMetadataHasAnUprightEXIF() throws {
        let input = ShapeTestSupport.fixture("exif-orientation/Landscape_6.jpg")
        let output = ShapeTestSupport.temporary("jpg")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let outcome = ShapeTestSupport.cut(
            input, rect: CGRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3), cut: CropCut(lossless: true),
            output: output, cropper: ShapeTestSupport.cropper(strip: false))
        #expect(outcome.error == nil)
        let written = try VImage.load(output)
        #expect(written.hasField("exif-data") && written.orientation == 1)
    }

    /// (input maker, the reason's words): kinds a lossless cut refuses, each an item error naming why.
    @Test func kindsThatCannotBeCutAreItemErrorsNamingTheReason() throws {
        let landscape = ShapeTestSupport.fixture("exif-orientation/Landscape_1.jpg")
        let progressive = ShapeTestSupport.temporary("jpg"), png = ShapeTestSupport.temporary("png")
        let output = ShapeTestSupport.temporary("jpg")
        defer { for path in [progressive, png, output] { try? FileManager.default.removeItem(atPath: path) } }
        try VImage.load(landscape).save(to: progressive, saver: "jpegsave", options: [("interlace", .bool(true))])
        try VImage.load(landscape).save(to: png, saver: Vips.saver(for: png))
        let cases = [
            (progressive, "progressive"), (png, "needs a JPEG input"),
            (ShapeTestSupport.fixture("jpeg-kinds/arithmetic.jpg"), "arithmetic"),
        ]
        let rect = CGRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2)
        for (input, words) in cases {
            let outcome = ShapeTestSupport.cut(input, rect: rect, cut: CropCut(lossless: true), output: output)
            #expect(
                outcome.error?.path == input && outcome.error?.reason.contains(words) == true,
                "\(outcome.error?.description ?? "no error")")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        let toPNG = ShapeTestSupport.cut(landscape, rect: rect, cut: CropCut(lossless: true), output: png + ".png")
        #expect(toPNG.error?.path == png + ".png" && toPNG.error?.reason.contains("writes JPEG") == true)
    }

    @Test func aTruncatedJPEGFailsUnlessLenientButACutAboveTheDamageIsWhole() throws {
        let landscape = ShapeTestSupport.fixture("exif-orientation/Landscape_1.jpg")
        let data = try Data(contentsOf: URL(fileURLWithPath: landscape))
        let truncated = ShapeTestSupport.temporary("jpg"), output = ShapeTestSupport.temporary("jpg")
        defer { for path in [truncated, output] { try? FileManager.default.removeItem(atPath: path) } }
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: truncated))
        let low = CGRect(x: 0.1, y: 0.8, width: 0.2, height: 0.15)
        let failed = ShapeTestSupport.cut(truncated, rect: low, cut: CropCut(lossless: true), output: output)
        #expect(failed.error?.path == truncated && !FileManager.default.fileExists(atPath: output))
        let lenient = ShapeTestSupport.cut(
            truncated, rect: low, cut: CropCut(lossless: true), output: output,
            cropper: ShapeTestSupport.cropper(failOn: FailOn.none))
        #expect(lenient.error == nil && FileManager.default.fileExists(atPath: output))
        try FileManager.default.removeItem(atPath: output)
        let high = ShapeTestSupport.cut(
            truncated, rect: CGRect(x: 0.1, y: 0.05, width: 0.2, height: 0.1), cut: CropCut(lossless: true),
            output: output)
        #expect(high.error == nil)
    }
}
