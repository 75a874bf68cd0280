/// A dataset's crops a chunk at a time, each chunk the boxes of whole images, so a run plans
/// and holds one chunk of entries, never the whole dataset's.
package protocol DatasetStream: AnyObject {
    /// The crops the dataset is expected to give, for a progress total.
    var expectedItems: Int { get }

    /// The next chunk's entries and the problems of its boxes, or nil after the last.
    func next() -> (entries: [CropEntry], problems: [BatchProblem])?
}
