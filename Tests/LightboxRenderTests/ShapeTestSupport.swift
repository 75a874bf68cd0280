import Foundation
import LightboxGeometry
import Vips

@testable import LightboxRender

/// What the shaped and lossless cut tests share: fixtures, temporary paths, a cropper, image differences.
enum ShapeTestSupport {
    /// The repository's Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A fixture's path.
    static func fixture(_ name: String) -> String {
        fixtures.appendingPathComponent(name).path
    }

    /// A fresh temporary path ending in `ext`.
    static func temporary(_ ext: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("shape-\(UUID().uuidString).\(ext)").path
    }

    /// A cropper that keeps what `strip` and `stripICC` say (a crop's default keeps only the ICC profile).
    static func cropper(strip: Bool = true, stripICC: Bool = false, failOn: FailOn = .standard) -> Cropper {
        Cropper(writer: AtomicWriter(options: SaveOptions(strip: strip, stripICC: stripICC)), failOn: failOn)
    }

    /// Crops `input` into one item and returns its outcome, removing nothing.
    static func cut(
        _ input: String, rect: CGRect, shape: CropShape? = nil, cut: CropCut, output: String, square: Bool = false,
        cropper: Cropper = cropper()
    ) -> CropOutcome {
        cropper.run(
            input: input, items: [Cropper.Item(rect: rect, output: output, square: square, shape: shape, cut: cut)],
            dryRun: false)[0]
    }

    /// The mean and largest difference of any band value between two images of one size.
    static func difference(_ first: VImage, _ second: VImage) throws -> (mean: Double, max: Double) {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return (try absolute.average(), try VOperation.call("max", [("in", .image(absolute))]).double("out"))
    }

    /// An 8-bit sRGB image whose pixel (x, y) is `colour(x + ½, y + ½)`, saved losslessly to a new `ext` file.
    static func drawn(
        width: Int, height: Int, ext: String = "png", colour: (Double, Double) -> [UInt8]
    ) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width { bytes += colour(Double(x) + 0.5, Double(y) + 0.5) }
        }
        let path = temporary(ext)
        try VImage.fromUCharBytes(bytes, width: width, height: height, bands: 3).save(
            to: path, saver: Vips.saver(for: path))
        return path
    }
}
