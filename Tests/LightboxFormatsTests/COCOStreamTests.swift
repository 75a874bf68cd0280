import Foundation
import Testing

@testable import LightboxFormats

/// A COCO file planned a chunk of whole images at a time gives the entries and problems of the
/// whole-file plan: each image's boxes in one chunk, images in the order their first box comes,
/// bad annotations in the first chunk, and an output claimed twice refused across chunks.
@Suite struct COCOStreamTests {
    /// An instances file: three images whose annotations interleave, one annotation naming a
    /// missing image, one without a bbox, and annotation 1 given twice (same output).
    static let coco = """
        {"images": [{"id": 1, "file_name": "a.png", "width": 100, "height": 100},
                    {"id": 2, "file_name": "b.png", "width": 100, "height": 100},
                    {"id": 3, "file_name": "c.png", "width": 100, "height": 100}],
         "annotations": [
          {"id": 1, "image_id": 2, "category_id": 1, "bbox": [0, 0, 10, 10]},
          {"id": 2, "image_id": 1, "category_id": 1, "bbox": [10, 0, 10, 10]},
          {"id": 3, "image_id": 2, "category_id": 1, "bbox": [20, 0, 10, 10]},
          {"id": 4, "image_id": 9, "category_id": 1, "bbox": [0, 0, 10, 10]},
          {"id": 5, "image_id": 3, "category_id": 1, "bbox": [30, 0, 10, 10]},
          {"id": 6, "image_id": 1, "category_id": 1},
          {"id": 7, "image_id": 1, "category_id": 1, "bbox": [40, 0, 10, 10]},
          {"id": 1, "image_id": 2, "category_id": 1, "bbox": [50, 0, 10, 10]}
         ],
         "categories": [{"id": 1, "name": "cat"}]}
        """

    /// The chunks of the file read with `sizes`: each chunk's outputs (file names) and problem lines.
    static func chunks(_ sizes: COCOStream.Sizes) throws -> [(outputs: [String], problems: [String])] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cocos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/i.json", contents: Data(coco.utf8))
        let options = DatasetOptions(pad: 0, square: false, strict: false, only: nil, writes: { _ in true })
        let stream = try COCOReader(annotations: folder + "/i.json", images: folder, options: options)
            .stream(outDir: "out", sizes: sizes)
        #expect(stream.expectedItems == 8)
        var chunks: [(outputs: [String], problems: [String])] = []
        while let chunk = stream.next() {
            chunks.append(
                (
                    chunk.entries.map { ($0.output as NSString).lastPathComponent },
                    chunk.problems.map { "\($0.line ?? 0) \($0.field ?? "")" }
                ))
        }
        return chunks
    }

    @Test func oneChunkIsTheWholeFilesPlan() throws {
        let chunks = try Self.chunks((100, 100))
        #expect(chunks.count == 1)
        #expect(chunks[0].outputs == ["b_1.png", "a_2.png", "b_3.png", "c_5.png", "a_7.png"])
        #expect(chunks[0].problems == ["7 image_id", "9 bbox", "11 output"])
    }

    @Test func chunksKeepImagesWholeAndClaimsAcrossThem() throws {
        let chunks = try Self.chunks((1, 1))
        // The first chunk: the bad annotations and image b (the first box's); then a; then c.
        #expect(chunks.map(\.outputs) == [["b_1.png", "b_3.png"], ["a_2.png", "a_7.png"], ["c_5.png"]])
        #expect(chunks[0].problems == ["7 image_id", "9 bbox", "11 output"])
        let later = try Self.chunks((2, 1))
        #expect(later.map(\.outputs) == [["b_1.png", "b_3.png"], ["a_2.png", "a_7.png"], ["c_5.png"]])
    }
}
