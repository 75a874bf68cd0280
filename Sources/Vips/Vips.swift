import CVips

/// Process-wide libvips state: start-up once, concurrency and the operation cache.
package enum Vips {
    private static let started: Int32 = {
        _ = lbx_limit_malloc_arenas(2)
        let status = VipsModules.startWithoutModules { lbx_init("lightbox") }
        VipsWarnings.capture()
        return status
    }()

    /// Starts libvips once; every call path goes through here, so callers need not.
    package static func ensureStarted() {
        precondition(started == 0, "libvips failed to start")
    }

    /// The libvips version as "major.minor.micro".
    package static var version: String {
        ensureStarted()
        return "\(vips_version(0)).\(vips_version(1)).\(vips_version(2))"
    }

    /// Sets how many worker threads each pipeline evaluation uses (libvips 8.14 ignores 0).
    package static func setConcurrency(_ threads: Int) {
        ensureStarted()
        vips_concurrency_set(Int32(threads))
    }

    /// Bounds the operation cache, so a long batch does not grow memory or hold files open.
    package static func limitCache(operations: Int, memoryBytes: Int, files: Int) {
        ensureStarted()
        vips_cache_set_max(Int32(operations))
        vips_cache_set_max_mem(memoryBytes)
        vips_cache_set_max_files(Int32(files))
    }

    /// Empties the operation cache (its loads hold decoded pixels and open files) and keeps its bounds.
    package static func emptyCache() {
        ensureStarted()
        // vips_cache_drop_all would free the cache's table for good (it is for shutdown); a
        // maximum of 0 trims every entry, then the maximum is put back.
        let maximum = vips_cache_get_max()
        vips_cache_set_max(0)
        vips_cache_set_max(maximum)
    }

    /// The loader operation libvips picks for a file, from its first bytes.
    ///
    /// libvips' modules are loaded first when one of their loaders could take the file (see
    /// `VipsModules`), so the answer is the one libvips gives with every module loaded. A file
    /// that starts like a HEIF file loads the HEIF module alone first, before libvips sniffs it:
    /// `heifload` then takes it (no other module's loader outranks it) without the error, and the
    /// clearing of libvips' process-wide error buffer, that a file no loader takes costs. A pinned
    /// path is read through its descriptor (`PinnedFiles`); its name still decides by extension.
    /// A file no loader takes is said to be no image, by what it starts with (`PlainReason`).
    package static func loader(for path: String) throws(VipsError) -> String {
        ensureStarted()
        let opened = try PinnedFiles.opening(path)
        let sniffed = LoaderSniff.loader(for: path, opening: opened)
        if let loader = sniffed.loader { return loader }
        if VipsModules.areDeferred && VipsModules.looksLikeHEIF(opened) { _ = VipsModules.heifLoaded }
        var name = vips_foreign_find_load(opened).map { String(cString: $0) }
        if VipsModules.areDeferred && VipsModules.mayOutrank(name, for: path) {
            if name == nil { vips_error_clear() }
            VipsModules.load()
            name = vips_foreign_find_load(opened).map { String(cString: $0) }
        }
        guard let name else {
            let failure = VipsError.fromBuffer("cannot open")
            // Read, no loader took the file: what it starts with says more than libvips' "not a known file format".
            guard !sniffed.head.isEmpty else { throw failure }
            throw VipsError(PlainReason.notAnImage(startingWith: sniffed.head), warnings: failure.warnings)
        }
        return name
    }

    /// Whether `loader` reads the file `opened` top to bottom only (JPEG, PNG, strip TIFF, GIF,
    /// HEIF), so random access means decoding it whole first.
    static func loadsSequentially(_ loader: String, _ opened: String) -> Bool {
        guard let nickname = vips_nickname_find(g_type_from_name(loader)) else { return false }
        let flags = vips_foreign_flags(nickname, opened).rawValue
        return flags & VIPS_FOREIGN_SEQUENTIAL.rawValue != 0 && flags & VIPS_FOREIGN_PARTIAL.rawValue == 0
    }

    /// The saver operation libvips picks for a filename, from its extension; libvips' modules are
    /// loaded first when no built-in saver takes it (HEIF, AVIF, JPEG XL and ImageMagick's are modules).
    package static func saver(for path: String) throws(VipsError) -> String {
        ensureStarted()
        var name = vips_foreign_find_save(path)
        if name == nil && VipsModules.areDeferred {
            vips_error_clear()
            VipsModules.load()
            name = vips_foreign_find_save(path)
        }
        guard let name else { throw VipsError.fromBuffer("no saver for this file extension") }
        return String(cString: name)
    }
}
