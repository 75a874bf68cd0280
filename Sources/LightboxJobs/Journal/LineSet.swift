/// A set of line numbers as bits, an eighth of a byte a line: which lines of a journal of
/// millions a resumed run keeps.
struct LineSet: Sendable {
    private var words: [UInt64] = []

    /// Adds line `number`.
    mutating func insert(_ number: Int) {
        let word = number >> 6
        if word >= words.count { words += [UInt64](repeating: 0, count: max(word + 1 - words.count, words.count)) }
        words[word] |= 1 << UInt64(number & 63)
    }

    /// Removes line `number`.
    mutating func remove(_ number: Int) {
        guard number >> 6 < words.count else { return }
        words[number >> 6] &= ~(1 << UInt64(number & 63))
    }

    /// Whether line `number` is in the set.
    func contains(_ number: Int) -> Bool {
        number >> 6 < words.count && words[number >> 6] & (1 << UInt64(number & 63)) != 0
    }
}
