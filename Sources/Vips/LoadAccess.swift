/// libvips' `access` for a loader: how the pixels will be read. The raw values are libvips' nicks,
/// which only `VImage.load` spells out.
package enum LoadAccess: String, Sendable, Codable {
    /// Any pixel in any order: decoded whole into memory when the format cannot be read lazily.
    case random
    /// Top to bottom once, streamed: the least memory, but no orientation that turns the rows.
    case sequential
}
