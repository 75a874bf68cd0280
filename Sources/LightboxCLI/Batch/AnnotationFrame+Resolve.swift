import LightboxFormats
import LightboxRender

/// Settles a COCO or VOC job's frame when its image is opened, warning once per image when the
/// annotation's size is not the displayed one.
extension AnnotationFrame {
    /// `job` with its rects over the displayed image; reads the image's header once.
    static func resolve(_ job: CropJob, console: Console) -> CropJob {
        guard let size = job.annotatedSize, let image = try? ImageHeader(path: job.input) else {
            return job
        }
        let orientation = image.orientation
        let frame = AnnotationFrame(size, width: image.width, height: image.height, orientation: orientation)
        let shown = image.displayedSize
        let file = job.origins.first.map { String($0.prefix { $0 != ":" }) } ?? job.input
        switch frame {
        case .displayed:
            return job
        case .neither:
            console.warning(
                "\(file): \(job.input): the annotation's size \(size.text) matches neither the image's displayed size \(shown.width)x\(shown.height) nor its stored size \(image.width)x\(image.height); boxes scaled to the displayed image"
            )
            return job
        case .stored:
            console.warning(
                "\(file): \(job.input): the annotation's size \(size.text) is the stored size of an image shown turned (EXIF orientation \(orientation.rawValue)) as \(shown.width)x\(shown.height); boxes taken in the stored frame"
            )
            var turned = job
            turned.items = job.items.map {
                Cropper.Item(
                    rect: displayedRect(ofStored: $0.rect, orientation: orientation), output: $0.output,
                    square: $0.square)
            }
            return turned
        }
    }
}
