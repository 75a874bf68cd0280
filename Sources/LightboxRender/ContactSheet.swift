import Foundation
import Vips

/// Collects crop previews from every job and writes them as one grid, in batch order.
package final class ContactSheet: @unchecked Sendable {
    /// The longest side of one cell, in pixels.
    package static let cell = 192

    private var previews: [(order: (Int, Int), image: VImage)] = []
    private let lock = NSLock()

    /// Makes an empty sheet.
    package init() {}

    /// Adds `input`'s preview, shrunk to a cell; `order` is (job, item) in the batch.
    package func add(_ preview: VImage, order: (Int, Int), input: String) throws(RenderError) {
        let fit = Double(ContactSheet.cell) / Double(max(preview.width, preview.height))
        let small = try RenderError.catching(input, prefix: "cannot shrink its preview for the contact sheet: ") {
            () throws(VipsError) in try preview.resized(fit).inMemory()
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
