/// libvips' `fail_on`: the least damage a loader refuses, from the most lenient. The raw values
/// are libvips' nicks, which only `VImage.load` and `VImage.thumbnail` spell out.
package enum FailOn: String, Sendable, Codable, CaseIterable {
    /// Never refuse.
    case none
    /// Refuse truncated files.
    case truncated
    /// Refuse files with errors.
    case error
    /// Refuse files with warnings.
    case warning

    /// Lightbox's level where none is asked for (`--fail-on`'s default, a library caller's).
    package static let standard = FailOn.truncated
}
