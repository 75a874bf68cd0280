import Foundation

/// One line of a crop manifest: an input, a rect as written, and an optional output name.
package struct ManifestEntry: Sendable, Equatable {
    /// The input path, resolved against the manifest's folder.
    package let input: String
    /// The rect as written (not yet checked).
    package let rect: CGRect
    /// The output path as written, if the line names one.
    package let output: String?
    /// The manifest line, from 1.
    package let line: Int

    /// Makes a value from its parts.
    package init(input: String, rect: CGRect, output: String?, line: Int) {
        self.input = input
        self.rect = rect
        self.output = output
        self.line = line
    }
}
