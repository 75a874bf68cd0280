/// The first answer of a check over a sequence, asked once per element.
extension Sequence {
    /// The first non-nil result of `transform`, calling it at most once per element, in order.
    ///
    /// `lazy.compactMap(transform).first` calls `transform` twice for the element it returns (once
    /// to filter, once to read it) and force-unwraps the second answer: a check that looks at the
    /// file system (a folder swapped for a link in between) can answer differently the second
    /// time, and the unwrap traps, taking the whole process with it.
    package func firstNonNil<Result>(_ transform: (Element) throws -> Result?) rethrows -> Result? {
        for element in self {
            if let result = try transform(element) { return result }
        }
        return nil
    }
}
