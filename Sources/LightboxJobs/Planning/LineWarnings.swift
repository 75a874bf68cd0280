import LightboxFormats

/// Warnings found while a manifest is planned, each about one line (a clipped rect, a clamped
/// zoom), kept with their window until the run's shard is known: a shard says only those of the
/// lines it owns, so N array tasks do not each repeat every line's warning.
package struct LineWarnings: Sendable {
    /// Each warning with the line it is about.
    package private(set) var warnings: [(line: Int, text: String)] = []

    /// No warnings yet.
    package init() {}

    /// Keeps `text`, about line `line`.
    package mutating func add(line: Int, _ text: String) {
        warnings.append((line, text))
    }

    /// The warnings about the lines of `jobs` and `problems` (the share a shard owns, which
    /// `RunSession` works out).
    package func owned(jobs: [Job], problems: [BatchProblem]) -> [String] {
        var lines = Set(problems.compactMap(\.line))
        for job in jobs {
            switch job {
            case .crop(let crop): lines.formUnion(crop.items.compactMap(\.origin.line))
            case .view(let view): view.origin.line.map { _ = lines.insert($0) }
            case .board(let board): board.origin.line.map { _ = lines.insert($0) }
            }
        }
        return warnings.filter { lines.contains($0.line) }.map(\.text)
    }
}
