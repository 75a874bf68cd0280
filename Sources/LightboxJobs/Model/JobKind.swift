/// The kinds of job, each the command that asks for it (`lightbox crop`) and a batch job's
/// `command`; the raw value is the name both are written with.
package enum JobKind: String, Sendable, Codable, CaseIterable {
    /// Crops of one input.
    case crop
    /// A viewer snapshot or animation.
    case view
    /// A board.
    case board
}
