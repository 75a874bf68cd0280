/// What became of one `LightboxJob`, as `Renderer.crop`, `view` and `board` return it.
public enum LightboxJobResult: Sendable, Equatable {
    /// One result per crop, in order.
    case crop([CropResult])
    /// The snapshot written, or why not.
    case view(Result<ViewerResult, LightboxError>)
    /// The board written (with the photos left out), or why not.
    case board(Result<BoardResult, LightboxError>)
}
