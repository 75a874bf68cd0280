/// A written board: its size in pixels and the photos left out because they could not be read.
public struct BoardResult: Sendable, Equatable {
    /// The output's width in pixels: the board's width times the scale, rounded.
    public let width: Int
    /// The output's height in pixels.
    public let height: Int
    /// One error per photo that could not be read, in drawing order; the board was written without them.
    public let failures: [LightboxError]
}
