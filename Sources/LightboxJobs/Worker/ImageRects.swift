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

    /// `items` with every rect normalized over the displayed image, and the records of those refused.
    func resolve(_ items: [CropItem]) -> (items: [CropItem], refused: [BatchRecord]) {
        let needsHeader = items.contains { $0.units == .px || ImageRects.turn(of: $0) != nil }
        guard job.annotatedSize != nil || needsHeader else { return (items, []) }
        let header: ImageHeader
        do {
            header = try ImageHeader(path: job.input)
        } catch {
            let records = items.enumerated().map { index, item in
                CropRecords.failed(
                    input: job.input, item: item, reason: error.reason, image: nil, crashed: false, milliseconds: 0,
                    printsError: index == 0)
            }
            return ([], records)
        }
        let framed = framed(items, header: header)
        var kept: [CropItem] = []
        var refused: [BatchRecord] = []
        let (width, height) = header.displayedSize
        for var item in framed {
            if ImageRects.turn(of: item) != nil {
                if let placed = placeTurned(item, width: width, height: height, refused: &refused) {
                    kept.append(placed)
                }
                continue
            }
            guard item.units == .px else {
                kept.append(item)
                continue
            }
            switch RectRule.pixels(item.rect, width: width, height: height, strict: job.settings.strict) {
            case .failure(let refusal):
                let reason = "rect \(RectRule.describe(item.rect)) px: \(refusal.reason)"
                refused.append(
                    CropRecords.failed(
                        input: job.input, item: item, reason: reason, image: (width, height), crashed: false,
                        milliseconds: 0, printsError: true))
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
                kept.append(item)
            }
        }
        return (kept, refused)
    }

    /// `items` with a pixel box annotated in the stored frame of a turned photo moved to the displayed frame.
    private func framed(_ items: [CropItem], header: ImageHeader) -> [CropItem] {
        guard let size = job.annotatedSize else { return items }
        let orientation = header.orientation
        let frame = AnnotationFrame(size, width: header.width, height: header.height, orientation: orientation)
        let shown = header.displayedSize
        let file = items.first?.origin.source ?? job.input
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
            return items.map { item in
                var turned = item
                turned.rect = AnnotationFrame.displayedRect(ofStored: item.rect, orientation: orientation)
                turned.shape = item.shape.map { AnnotationFrame.displayedShape(ofStored: $0, orientation: orientation) }
                return turned
            }
        }
    }
}
