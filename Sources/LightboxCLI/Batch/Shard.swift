/// A deterministic share `index` of `count` (`--shard K/N`, K from 0), so N processes split a batch exactly.
struct Shard: Sendable, Equatable {
    /// This process's share, from 0 to `count - 1`.
    let index: Int
    /// How many shares there are.
    let count: Int

    /// The whole batch.
    static let all = Shard(index: 0, count: 1)

    /// Reads `K/N`; nil unless 0 <= K < N.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    /// Makes a shard.
    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Whether the item at `position` (its order in the batch, from 0) belongs to this share.
    func owns(_ position: Int) -> Bool {
        position % count == index
    }

    /// The elements of `items` this share owns, by position.
    func share<T>(of items: [T]) -> [T] {
        items.enumerated().filter { owns($0.offset) }.map(\.element)
    }
}
