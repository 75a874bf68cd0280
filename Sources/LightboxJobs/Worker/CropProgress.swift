import LightboxRender

/// What a crop job says where its pixels are (a worker, or a library caller's process) while it
/// runs, each the moment it happens, so a worker that dies later has still told it.
package enum CropProgress: Codable, Sendable {
    /// The input was opened: its displayed size, so a crop that fails later (a crash) still reports it.
    case opened(ImageSize)
    /// One crop ended, or a preview failed.
    case report(CropReport)
}
