/// The one rule for "did you mean": the known name a misspelt one is closest to, whatever was
/// misspelt (a command, an option, a device, a manifest's column, a line's or a layout's key).
package enum NearestName {
    /// The largest edit distance at which a name is still suggested.
    private static let maximumDistance = 2

    /// The candidate closest to `word`, if it is within `maximumDistance` edits.
    ///
    /// A candidate is only suggested when fewer edits are needed than either word has
    /// characters, so that very short words do not match everything. Ties keep the
    /// candidate listed first.
    package static func to(_ word: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            guard isPlausible(distance, word: word, candidate: candidate) else { continue }
            if distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Returns whether an edit distance is small enough to be worth suggesting.
    private static func isPlausible(_ distance: Int, word: String, candidate: String) -> Bool {
        distance <= maximumDistance && distance < word.count && distance < candidate.count
    }

    /// Returns the Levenshtein distance: insertions, deletions and substitutions needed.
    private static func editDistance(_ first: String, _ second: String) -> Int {
        let source = Array(first)
        let target = Array(second)
        var previous = Array(0...target.count)
        for (row, sourceCharacter) in source.enumerated() {
            var current = [row + 1]
            for (column, targetCharacter) in target.enumerated() {
                let substitution = previous[column] + (sourceCharacter == targetCharacter ? 0 : 1)
                current.append(min(substitution, previous[column + 1] + 1, current[column] + 1))
            }
            previous = current
        }
        return previous[target.count]
    }
}
