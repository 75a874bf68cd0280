/// How a manifest's lines are written, decided once from its start: JSON Lines, or CSV with the
/// column names its header gives.
package enum ManifestForm: Sendable, Equatable {
    /// One JSON object per line.
    case jsonLines
    /// Comma-separated fields named by the header's columns (lowercased, trimmed).
    case csv(names: [String])
}
