import CVips

/// What a worker process keeps between jobs: nothing that decides or colours a job's outcome.
///
/// A worker serves one job after another, and libvips' state is the process's: its error buffer
/// (where decoders also leave their warnings, and a JPEG's clean-up copies the whole buffer into a
/// warning), the warnings captured from libpng, libjpeg, libtiff and libheif on libvips' pool
/// threads (which live across jobs), the operation cache (loads with their decoded pixels), and
/// the heap the last job grew. Each job starts with all of it cleared, so its reasons are its
/// own and its memory limit is its own; and the heap's blocks are filled when handed out and when
/// freed, so a decoder that leaves part of its output unwritten shows the same bytes in every
/// run, never another job's pixels.
package enum DecodeState {
    /// Sets up a worker process for sealed jobs, once, before the first: every heap block glibc
    /// hands out is zeroed and every block freed is overwritten (`lbx_perturb_heap`; blocks of up
    /// to 1 KB that a thread recycles itself are not, and hold no pixels).
    package static func sealProcess() {
        Vips.ensureStarted()
        _ = lbx_perturb_heap()
        if VipsModules.loadedAtStart { TIFFHandlers.settle() }
    }

    /// The free heap a job may leave to the next: below it nothing is given back to the system.
    /// The next job reuses it (it counts once against its memory limit, as the pages it would
    /// take again), while giving back a dataset photo's few megabytes and faulting them in again
    /// cost every job of a small-crop run more than its syscalls.
    static let keptFreeHeap = 64 << 20

    /// Starts a job from a clean decode state: libvips' error buffer and every captured warning
    /// cleared, libtiff's handlers libvips' (`TIFFHandlers`), the operation cache emptied, and the
    /// freed heap given back to the system when the last job left more than `keptFreeHeap` of it
    /// (freed blocks are overwritten either way: `sealProcess`).
    package static func startJob() {
        Vips.ensureStarted()
        TIFFHandlers.restoreLibvips()
        vips_error_clear()
        VipsWarnings.forgetLatest()
        Vips.emptyCache()
        if lbx_heap_free_bytes() > keptFreeHeap { _ = lbx_trim_heap() }
    }
}
