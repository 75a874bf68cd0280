import Foundation
import Vips

/// A viewer input's embedded HEIF thumbnail, opened and decoded at most once: a snapshot asks
/// twice, whether the tile path may serve it and then for its pixels, and each open and decode
/// is a HEVC decode of the thumbnail.
final class ThumbnailMemo: @unchecked Sendable {
    /// Guards the two answers.
    private let lock = NSLock()
    /// The thumbnail `open` gave (its inner nil: the file has none); nil before the first call.
    private var opened: HEIFThumbnail??
    /// The thumbnail's pixels (its inner nil: they did not decode); nil before they were asked for.
    private var pixels: VImage??

    /// The thumbnail, opened by `open` on the first call only.
    func thumbnail(_ open: () -> HEIFThumbnail?) -> HEIFThumbnail? {
        lock.lock()
        defer { lock.unlock() }
        if opened == nil { opened = .some(open()) }
        return opened ?? nil
    }

    /// The pixels of `thumbnail` (the one `thumbnail(_:)` gave), decoded on the first call only.
    func decoded(_ thumbnail: HEIFThumbnail) -> VImage? {
        lock.lock()
        defer { lock.unlock() }
        if pixels == nil { pixels = .some(thumbnail.decoded()) }
        return pixels ?? nil
    }
}
