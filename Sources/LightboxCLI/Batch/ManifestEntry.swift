import Foundation

/// One line of a crop manifest: an input, a rect as written, and an optional output name.
struct ManifestEntry: Sendable, Equatable {
    /// The input path, resolved against the manifest's folder.
    let input: String
    /// The rect as written (not yet checked).
    let rect: CGRect
    /// The output path as written, if the line names one.
    let output: String?
    /// The manifest line, from 1.
    let line: Int
}
