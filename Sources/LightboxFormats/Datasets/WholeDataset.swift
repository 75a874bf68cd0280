/// A dataset read whole (YOLO, VOC), given as one chunk.
package final class WholeDataset: DatasetStream {
    private var chunk: (entries: [CropEntry], problems: [BatchProblem])?
    package let expectedItems: Int

    /// The one chunk of `entries` and `problems`.
    package init(_ entries: [CropEntry], problems: [BatchProblem]) {
        chunk = (entries, problems)
        expectedItems = entries.count + problems.count
    }

    /// The chunk, then nil.
    package func next() -> (entries: [CropEntry], problems: [BatchProblem])? {
        defer { chunk = nil }
        return chunk
    }
}
