/// A COCO file's crops a chunk of whole images at a time. The file is read once (it lists
/// annotations in any order, so an image's boxes are known only at its end), its annotations
/// kept compactly (`COCOAnnotation`: ids, the box inline, the line); then each chunk builds the
/// entries of a run of images, so the entries, jobs and records of the whole file are never
/// held at once.
///
/// Images are taken in the order their first annotation comes (the order the whole-run plan
/// gave their jobs), each chunk's annotations in file order, and annotations that name no
/// usable image (a missing bbox, an unknown image or category) are the first chunk's problems:
/// a file that fits in one chunk plans exactly as it did whole.
package final class COCOStream: DatasetStream {
    /// The annotations of the first chunk, and of each later one (at least: images are whole).
    package typealias Sizes = (first: Int, later: Int)
    /// 256 annotations, then 16,384.
    package static let sizes: Sizes = (256, 16_384)

    private let reader: COCOReader
    private let file: COCOFile
    private let outDir: String
    private let sizes: Sizes
    /// Each annotation's image rank (the order its image's first annotation comes), -1 for one
    /// that names no usable image.
    private let ranks: [Int32]
    /// Annotation indices by rank, each rank's in file order.
    private let order: [Int32]
    private var position = 0
    private let digests = OutputDigests()
    package let expectedItems: Int

    /// The chunks of `file`, read by `reader`, with outputs in `outDir`.
    init(reader: COCOReader, file: COCOFile, outDir: String, sizes: Sizes) {
        (self.reader, self.file, self.outDir, self.sizes) = (reader, file, outDir, sizes)
        var rankOf: [String: Int32] = [:]
        var ranks: [Int32] = []
        ranks.reserveCapacity(file.annotations.count)
        var kept = 0
        for annotation in file.annotations {
            guard case .success(let (image, _, name, _, _)) = reader.plan(annotation, file: file) else {
                ranks.append(-1)
                kept += 1
                continue
            }
            let rank = rankOf[image] ?? Int32(rankOf.count)
            rankOf[image] = rank
            ranks.append(rank)
            if reader.options.keeps(name, id: annotation.categoryID) { kept += 1 }
        }
        self.ranks = ranks
        order = Self.sorted(ranks, images: rankOf.count)
        expectedItems = kept
    }

    /// The next chunk: the annotations of the next images, at least `sizes` of them unless the
    /// file ends first, planned in file order.
    package func next() -> (entries: [CropEntry], problems: [BatchProblem])? {
        guard position < order.count else { return nil }
        var end = min(order.count, position + (position == 0 ? sizes.first : sizes.later))
        // Images stay whole; the annotations naming no image go with the first image.
        func image(_ position: Int) -> Int32 { max(ranks[Int(order[position])], 0) }
        while end < order.count && image(end) == image(end - 1) { end += 1 }
        let indices = order[position..<end].sorted()
        position = end
        var planner = PixelBoxPlanner(outDir: outDir, options: reader.options, earlier: digests)
        for index in indices { reader.add(file.annotations[Int(index)], file: file, to: &planner) }
        return (planner.entries, planner.problems)
    }

    /// Annotation indices sorted by rank (-1 first), each rank's in file order: a counting sort.
    private static func sorted(_ ranks: [Int32], images: Int) -> [Int32] {
        var starts = [Int](repeating: 0, count: images + 2)
        for rank in ranks { starts[Int(rank) + 2] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var order = [Int32](repeating: 0, count: ranks.count)
        for (index, rank) in ranks.enumerated() {
            order[starts[Int(rank) + 1]] = Int32(index)
            starts[Int(rank) + 1] += 1
        }
        return order
    }
}
