import Foundation
import Vips

/// Collects crop previews from every job and writes them as one grid, in batch order.
///
/// Each labelled cell is a tile of its own grey, `cell` pixels square; the tiles are set apart
/// by a darker gutter, which also runs around the sheet, so no two cells touch.
package final class ContactSheet: @unchecked Sendable {
    /// The side of one cell, in pixels.
    package static let cell = 192
    /// A cell's grey, around its preview and under its label.
    static let background: [Double] = [40, 40, 40]
    /// The gutter between the cells and around the sheet, in pixels.
    package static let gutter = 8
    /// The gutter's grey, darker than the cells.
    static let gutterColour: [Double] = [16, 16, 16]

    private var previews: [(order: (Int, Int), image: VImage)] = []
    private let lock = NSLock()

    /// Makes an empty sheet.
    package init() {}

    /// Adds `input`'s preview as a cell; `order` is (job, item) in the batch.
    ///
    /// With a `label` the preview is shrunk into the cell above the label strip and the label is
    /// drawn under it (`ContactSheetLabel`); without one the image is taken as a finished cell
    /// (what a worker made), only shrunk if it is larger than a cell.
    package func add(_ preview: VImage, order: (Int, Int), input: String, label: String? = nil) throws(RenderError) {
        let cell = ContactSheet.cell
        let room = (width: cell, height: label == nil ? cell : cell - ContactSheetLabel.height)
        let fit = min(Double(room.width) / Double(preview.width), Double(room.height) / Double(preview.height))
        let small = try RenderError.catching(input, prefix: "cannot shrink its preview for the contact sheet: ") {
            () throws(VipsError) in
            let shrunk = fit < 1 || label != nil ? try preview.resized(fit) : preview
            guard let label else { return try shrunk.inMemory() }
            return try ContactSheetLabel.cell(shrunk, text: label, width: cell).inMemory()
        }
        lock.lock()
        previews.append((order, small))
        lock.unlock()
    }

    /// Takes the previews collected so far, leaving none (a worker hands them to its supervisor).
    package func take() -> [(order: (Int, Int), image: VImage)] {
        lock.lock()
        defer { lock.unlock() }
        let taken = previews
        previews = []
        return taken
    }

    /// Writes the grid to `path`, about square, through the atomic writer (the caller checked the path).
    package func write(to path: String, options: SaveOptions) throws(RenderError) {
        let sorted = previews.sorted { $0.order < $1.order }.map(\.image)
        guard !sorted.isEmpty else { throw RenderError(path, "no previews to put on the contact sheet") }
        let columns = Int(Double(sorted.count).squareRoot().rounded(.up))
        let grid = try RenderError.catching(path) { () throws(VipsError) in
            try CropPreview.sheet(sorted, columns: columns)
        }
        try AtomicWriter(options: options).write(grid, to: path, input: nil)
    }
}
