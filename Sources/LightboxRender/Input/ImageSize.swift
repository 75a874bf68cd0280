/// An image's size in whole pixels, as records report it (`"image"`, `"outputSize"`).
package struct ImageSize: Sendable, Equatable, Codable {
    /// Pixels across.
    package let width: Int
    /// Pixels down.
    package let height: Int

    /// Makes a size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
