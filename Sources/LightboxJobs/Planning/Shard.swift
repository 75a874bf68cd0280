/// A deterministic share of a batch (`--shard K/N`, K from 1 to N as Jest and Playwright count), so N processes split it exactly.
package struct Shard: Sendable, Equatable {
    /// This process's share, from 0 to `count - 1` (K - 1).
    package let index: Int
    /// How many shares there are.
    package let count: Int

    /// The whole batch.
    package static let all = Shard(index: 0, count: 1)

    /// Reads `K/N`; nil unless 1 <= K <= N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(number)
        else {
            return nil
        }
        self.index = number - 1
        self.count = count
    }

    /// Makes a shard.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Whether the item at `position` (its order in the batch, from 0) belongs to this share.
    package func owns(_ position: Int) -> Bool {
        position % count == index
    }

    /// The elements of `items` this share owns, by position.
    package func share<T>(of items: [T]) -> [T] {
        items.enumerated().filter { owns($0.offset) }.map(\.element)
    }
}
