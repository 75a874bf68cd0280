import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The checks of a crop job that need the image's header, done once in the worker: rects in
/// pixels normalized over the displayed size (clipped or refused there), turned rects placed on
/// it (`ImageRects+Turned`), and the frame of a COCO or VOC annotation settled, with its shapes
/// (one warning per image when its size is not the displayed one).
struct ImageRects {
    /// The job whose items are resolved.
    let job: CropJob
    /// Where warnings go.
    let console: Console

    /// A crop of the job and its place among the job's items.
    typealias Item = (index: Int, item: CropItem)

    /// `items` with every rect normalized over the displayed image, and the reports of those refused.
    func resolve(_ items: [Item]) -> (items: [Item], refused: [CropReport]) {
        let needsHeader = items.contains { $0.item.units == .px || ImageRects.turn(of: $0.item) != nil }
        guard job.annotatedSize != nil || needsHeader else { return (items, []) }
        let header: ImageHeader
        do {
            header = try ImageHeader(path: job.input)
        } catch {
            let reports = items.enumerated().map { position, pending in
                CropReport.refused(
                    index: pending.index, rect: pending.item.rect, units: pending.item.units, reason: error.reason,
                    image: nil, printsError: position == 0, warnings: error.warnings)
            }
            return ([], reports)
        }
        let framed = framed(items, header: header)
        var kept: [Item] = []
        var refused: [CropReport] = []
        let (width, height) = header.displayedSize
        for (index, var item) in framed {
            if ImageRects.turn(of: item) != nil {
                if let placed = placeTurned(item, index: index, width: width, height: height, refused: &refused) {
                    kept.append((index, placed))
                }
                continue
            }
            guard item.units == .px else {
                kept.append((index, item))
                continue
            }
            switch RectRule.pixels(item.rect, width: width, height: height, strict: job.settings.strict) {
            case .failure(let refusal):
                let reason = "rect \(RectRule.describe(item.rect)) px: \(refusal.reason)"
                refused.append(
                    .refused(
                        index: index, rect: item.rect, units: item.units, reason: reason,
                        image: ImageSize(width: width, height: height), printsError: true))
            case .success(let (checked, clipped)):
                if checked.wasClipped {
                    let place =
                        item.origin.source == nil
                        ? ([job.input] + (item.origin.label.map { [$0] } ?? [])).joined(separator: ": ")
                        : item.origin.located(job.input)
                    console.warning(RectRule.clippedWarning(at: place, to: clipped, image: (width, height)))
                }
                item.rect = checked.rect
                item.units = .fraction
                item.clipped = item.clipped || checked.wasClipped
                kept.append((index, item))
            }
        }
        return (kept, refused)
    }

    /// `items` with a pixel box annotated in the stored frame of a turned photo moved to the displayed frame.
    private func framed(_ items: [Item], header: ImageHeader) -> [Item] {
        guard let size = job.annotatedSize else { return items }
        let orientation = header.orientation
        let frame = AnnotationFrame(size, width: header.width, height: header.height, orientation: orientation)
        let shown = header.displayedSize
        let file = items.first?.item.origin.source ?? job.input
        switch frame {
        case .displayed:
            return items
        case .neither:
            console.warning(
                "\(file): \(job.input): the annotation's size \(size.text) matches neither the image's displayed size \(shown.width)x\(shown.height) nor its stored size \(header.width)x\(header.height); boxes scaled to the displayed image"
            )
            return items
        case .stored:
            console.warning(
                "\(file): \(job.input): the annotation's size \(size.text) is the stored size of an image shown turned (EXIF orientation \(orientation.rawValue)) as \(shown.width)x\(shown.height); boxes taken in the stored frame"
            )
            return items.map { index, item in
                var turned = item
                turned.rect = AnnotationFrame.displayedRect(ofStored: item.rect, orientation: orientation)
                turned.shape = item.shape.map { AnnotationFrame.displayedShape(ofStored: $0, orientation: orientation) }
                return (index, turned)
            }
        }
    }
}
