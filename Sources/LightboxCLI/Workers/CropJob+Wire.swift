import Foundation
import LightboxFormats
import LightboxRender
import LightboxWorkers

/// Crop jobs across the worker pipe: the input, each rect and output, where each was asked for, the annotated size and the clipped outputs.
extension CropJob {
    /// Appends this job to a message.
    func write(to wire: inout WireWriter) {
        wire.int(order)
        wire.string(input)
        wire.list(items) { wire, item in
            for value in [item.rect.minX, item.rect.minY, item.rect.width, item.rect.height] {
                wire.double(Double(value))
            }
            wire.string(item.output)
            wire.bool(item.square)
        }
        wire.list(origins) { wire, origin in wire.string(origin) }
        wire.list(annotatedSize.map { [$0.width, $0.height] } ?? []) { wire, side in wire.int(side) }
        wire.list(clipped.sorted()) { wire, output in wire.string(output) }
    }

    /// Reads a job that `write(to:)` appended.
    static func read(from wire: inout WireReader) throws(WireReader.Malformed) -> CropJob {
        let order = try wire.int()
        let input = try wire.string()
        let items = try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in
            let rect = CGRect(
                x: try wire.double(), y: try wire.double(), width: try wire.double(), height: try wire.double())
            return Cropper.Item(rect: rect, output: try wire.string(), square: try wire.bool())
        }
        let origins = try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in try wire.string() }
        guard origins.count == items.count else { throw WireReader.Malformed() }
        let sides = try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in try wire.int() }
        let clipped = try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in try wire.string() }
        var job = CropJob(order: order, input: input, items: items, origins: origins)
        job.annotatedSize = sides.count == 2 ? AnnotatedSize(width: sides[0], height: sides[1]) : nil
        job.clipped = Set(clipped)
        return job
    }
}
