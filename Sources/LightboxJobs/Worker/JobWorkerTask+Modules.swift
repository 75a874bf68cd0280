import Foundation
import Vips

extension JobWorkerTask {
    /// Debug builds with `LIGHTBOX_REPORT_MODULES` set: after each request, one stderr line naming
    /// the libvips modules mapped into this worker (`none` while they are still deferred), for tests.
    package func finishRequest() {
        #if DEBUG
            guard getenv("LIGHTBOX_REPORT_MODULES") != nil else { return }
            let names = VipsModules.mapped
            let line = "lightbox-debug: vips modules: \(names.isEmpty ? "none" : names.joined(separator: ","))\n"
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        #endif
    }
}
