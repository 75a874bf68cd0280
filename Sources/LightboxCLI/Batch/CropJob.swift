import LightboxFormats
import LightboxRender

/// The crops of one input, done together so the input is decoded once.
struct CropJob: Sendable {
    /// The job's place in the batch, from 0, for ordering a contact sheet.
    let order: Int
    /// The input path.
    let input: String
    /// The crops, in the order they were asked for.
    var items: [Cropper.Item]
    /// Where each item was asked for (`manifest.csv:12`, `--rect 2`), for messages and reports.
    var origins: [String]
    /// The annotation's image size for pixel boxes (COCO, VOC), the same for every item of one input.
    var annotatedSize: AnnotatedSize? = nil
    /// The outputs whose rects were clipped to the image.
    var clipped: Set<String> = []

    /// Groups items by input, keeping the order in which inputs first appear.
    static func grouped(_ entries: [CropEntry]) -> [CropJob] {
        var jobs: [CropJob] = []
        var slots: [String: Int] = [:]
        for entry in entries {
            let clipped: Set<String> = entry.clipped ? [entry.item.output] : []
            if let slot = slots[entry.input] {
                jobs[slot].clipped.formUnion(clipped)
                jobs[slot].items.append(entry.item)
                jobs[slot].origins.append(entry.origin)
            } else {
                slots[entry.input] = jobs.count
                jobs.append(
                    CropJob(
                        order: jobs.count, input: entry.input, items: [entry.item], origins: [entry.origin],
                        annotatedSize: entry.annotatedSize, clipped: clipped))
            }
        }
        return jobs
    }
}
