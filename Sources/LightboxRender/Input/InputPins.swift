import Foundation
import LightboxSystem
import Vips

/// The files one job reads, opened through the roots where the job runs and lent to libvips
/// (`PinnedFiles`) until the job ends, so libvips reads the very files that were checked.
///
/// Without roots nothing is opened here and libvips opens the paths as before. With roots, the
/// process is confined first: from then on libvips refuses any path not pinned.
package struct InputPins: Sendable {
    /// The pins, released together.
    private let pins: [PinnedFiles.Pin]

    /// Opens `paths` through `roots` (the read roots; the write roots for an output read back,
    /// `access` `.write`). The first that cannot be opened, or leads outside, throws; none is kept then.
    package init(_ paths: [String], roots: PathRoots?, access: PathRoots.Access = .read) throws(RenderError) {
        guard let roots else {
            pins = []
            return
        }
        PinnedFiles.confine()
        var pins: [PinnedFiles.Pin] = []
        for path in paths.reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            do {
                let descriptor = access == .read ? try roots.openFile(path) : try roots.openOutput(path)
                pins.append(PinnedFiles.pin(path, descriptor: descriptor))
            } catch {
                pins.forEach(PinnedFiles.release)
                throw RenderError(error)
            }
        }
        self.pins = pins
    }

    /// Gives the files back: libvips' cache of them is dropped and the descriptors closed.
    package func release() {
        pins.forEach(PinnedFiles.release)
    }
}
