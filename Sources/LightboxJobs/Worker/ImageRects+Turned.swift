import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// Rects with an angle (a manifest line's `angle`, `--angle`), placed once the image's displayed
/// size is known: a rect in pixels normalized (not clipped: its turn decides what lies outside),
/// then the turned rect refused when it lies outside the image, or sticks out under `--strict`.
/// One that sticks out is clipped with a warning when its bounds are cut; cut upright, the part
/// past the photo's edge is the background.
extension ImageRects {
    /// The rect and degrees of an item's turned rect; nil for any other item.
    static func turn(of item: CropItem) -> (rect: CGRect, degrees: Double)? {
        guard case .oriented(let box) = item.shape, case .turned(let rect, let degrees) = box.form else { return nil }
        return (rect, degrees)
    }

    /// `item` (the job's item `index`), its turned rect normalized over a displayed `width` x
    /// `height` image and its rect the bounds cut; nil when it is refused, its report added to `refused`.
    func placeTurned(_ item: CropItem, index: Int, width: Int, height: Int, refused: inout [CropReport]) -> CropItem? {
        guard let (given, degrees) = ImageRects.turn(of: item) else { return item }
        var placed = item
        let (w, h) = (Double(width), Double(height))
        let rect =
            item.units == .px
            ? CGRect(x: given.minX / w, y: given.minY / h, width: given.width / w, height: given.height / h) : given
        let box = OrientedBox(rect: rect, degrees: degrees)
        let described =
            "rect \(RectRule.describe(item.rect))\(item.units == .px ? " px" : "") angle \(NumberText.short(degrees))"
        func refuse(_ reason: String, into refused: inout [CropReport]) -> CropItem? {
            refused.append(
                .refused(
                    index: index, rect: item.rect, units: item.units, reason: "\(described): \(reason)",
                    image: ImageSize(width: width, height: height), printsError: true))
            return nil
        }
        // In pixels, with half a pixel of slack: an edge that rounds onto the image's is inside.
        let pixels = box.frame(width: width, height: height).bounds
        let image = CGRect(x: 0, y: 0, width: w, height: h)
        let inside = pixels.intersection(image)
        guard !inside.isNull, inside.width >= 0.5, inside.height >= 0.5 else {
            return refuse("the turned rect lies outside the \(width)x\(height) image", into: &refused)
        }
        let sticksOut = pixels.minX < -0.5 || pixels.minY < -0.5 || pixels.maxX > w + 0.5 || pixels.maxY > h + 0.5
        if sticksOut && job.settings.strict {
            return refuse("the turned rect is partly outside the \(width)x\(height) image (--strict)", into: &refused)
        }
        let bounds = CGRect(x: inside.minX / w, y: inside.minY / h, width: inside.width / w, height: inside.height / h)
        if sticksOut && item.cut.oriented == .bounds {
            let place =
                item.origin.source == nil
                ? ([job.input] + (item.origin.label.map { [$0] } ?? [])).joined(separator: ": ")
                : item.origin.located(job.input)
            console.warning(
                "\(place): turned rect partly outside the image; its bounds clipped to \(RectRule.describe(inside)) px (the image is \(width)x\(height))"
            )
            placed.clipped = true
        }
        (placed.rect, placed.units, placed.shape) = (bounds, .fraction, .oriented(box))
        return placed
    }
}
