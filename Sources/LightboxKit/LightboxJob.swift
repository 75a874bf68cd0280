/// One job for `Renderer.run`: a crop of one input, a viewer snapshot or a board.
public enum LightboxJob: Sendable, Equatable {
    /// Crops of one input, decoded once.
    case crop(CropRequest)
    /// A viewer snapshot.
    case view(ViewerRequest)
    /// A board.
    case board(BoardRequest)
}
