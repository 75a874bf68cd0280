import CVips
import Foundation
import Synchronization

/// libvips' plugin modules (Debian's vips-heif, vips-jxl, vips-poppler, vips-openslide, vips-magick),
/// kept out of start-up and loaded the first time a file may need one.
///
/// `vips_init` loads every module from `vips_guess_libdir(argv0, "VIPSHOME")`: about half of a
/// small crop's start-up. With `VIPSHOME` naming a folder that does not exist, it loads none; the
/// user's environment is put back right after. Later, before libvips picks a loader or a saver, the
/// modules are loaded once (as `vips_init` would have) whenever one of them could be chosen:
/// - no built-in loader takes the file, or no built-in saver takes the extension;
/// - the built-in loader ranks below 0 (svg, analyze, fits, nifti, rad): the HEIF, JPEG XL and PDF
///   loaders rank 0 and sniff the content, so they could outrank it;
/// - the built-in loader ranks below OpenSlide's 100 and the file is a TIFF (OpenSlide claims
///   vendor TIFFs: SVS, NDPI, SCN, BIF) or has one of OpenSlide's extensions (MIRAX and the rest).
/// Ties keep the built-in first, as with every module loaded (modules register later), and the
/// module savers (HEIF/AVIF, JPEG XL at 0, ImageMagick at -100) outrank no built-in saver.
package enum VipsModules {
    /// The modules folder left for later; nil when libvips loaded its modules itself (the user set
    /// `VIPSHOME`, or no folder was found). Written once, inside the one-time start of libvips.
    nonisolated(unsafe) private static var deferred: String?

    /// The value start-up gives `VIPSHOME`: a prefix with no modules folder under it.
    package static let placeholderHome = "/nonexistent/lightbox-vips-modules-on-demand"

    /// OpenSlide's file extensions (libvips 8.14 `openslideload.c`).
    static let slideExtensions: Set<String> = ["svs", "vms", "vmu", "ndpi", "scn", "mrxs", "svslide", "tif", "bif"]

    /// Runs `start` (`vips_init`) with the modules kept out, then restores `VIPSHOME`; leaves
    /// everything to libvips when `VIPSHOME` names another libvips than the one mapped (its
    /// modules could differ) or the modules folder is not found.
    ///
    /// A `VIPSHOME` naming the mapped libvips' own prefix (`/usr`, which a Python parent that
    /// imported pyvips leaves in its children's environment, since `vips_init` sets it) means
    /// the same modules, so they are still loaded on demand.
    ///
    /// A `VIPSHOME` that is the placeholder itself is not the user's: a Lightbox process that
    /// spawned this one while its own start-up had it set passed it on, so it counts as unset.
    static func startWithoutModules(_ start: () -> Int32) -> Int32 {
        let home = getenv("VIPSHOME").map { String(cString: $0) }.flatMap { $0 == placeholderHome ? nil : $0 }
        guard let folder = libraryModulesFolder(), home.map({ isPrefix($0, of: folder) }) ?? true else {
            return start()
        }
        setenv("VIPSHOME", placeholderHome, 1)
        let status = start()
        if let home { setenv("VIPSHOME", home, 1) } else { unsetenv("VIPSHOME") }
        deferred = folder
        return status
    }

    /// Whether the folder `home` (a `VIPSHOME`) holds `folder`, once both are resolved.
    static func isPrefix(_ home: String, of folder: String) -> Bool {
        let resolved = URL(fileURLWithPath: home).resolvingSymlinksInPath().path
        let target = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let prefix = resolved.hasSuffix("/") ? resolved : resolved + "/"
        return target.hasPrefix(prefix)
    }

    /// Where libvips keeps its modules: `vips-modules-MAJOR.MINOR` beside the libvips library.
    private static func libraryModulesFolder() -> String? {
        guard let library = lbx_vips_library_folder() else { return nil }
        defer { g_free(library) }
        let folder = "\(String(cString: library))/vips-modules-\(vips_version(0)).\(vips_version(1))"
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
            ? folder : nil
    }

    /// Loads the deferred modules, once for the process and from any thread; ImageMagick's, when
    /// there, then reads a TIFF at once (`TIFFHandlers.settle`).
    private static let loaded: Int = {
        guard let folder = deferred else { return 0 }
        let count = Int(lbx_load_modules(folder))
        TIFFHandlers.settle()
        return count
    }()

    /// Whether libvips loaded every module itself when it started (the user set `VIPSHOME`).
    static var loadedAtStart: Bool { deferred == nil }

    /// Loads the HEIF module alone (`vips-heif`, libheif's), once; false when the modules were not
    /// deferred or it did not load. The others stay deferred: for a HEIF file no other module
    /// loader can win (`magickload`, -100, is the only other that may claim it).
    static let heifLoaded: Bool = {
        guard let folder = deferred else { return false }
        return lbx_load_module(folder, "vips-heif") == 1
    }()

    /// Whether `path` starts with an ISO BMFF `ftyp` box, as HEIF, HEIC and AVIF files do.
    static func looksLikeHEIF(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 8), head.count == 8 else { return false }
        return Array(head[4..<8]) == Array("ftyp".utf8)
    }

    /// Set once the deferred modules have been loaded.
    private static let isLoaded = Atomic<Bool>(false)

    /// Whether the modules are still to be loaded.
    static var areDeferred: Bool { deferred != nil && !isLoaded.load(ordering: .acquiring) }

    /// Loads the modules if they were kept out; a no-op afterwards.
    static func load() {
        guard deferred != nil else { return }
        _ = loaded
        isLoaded.store(true, ordering: .releasing)
    }

    /// Whether a module loader could take `path` instead of `builtIn`, the loader libvips picked
    /// without modules (nil: none took it).
    static func mayOutrank(_ builtIn: String?, for path: String) -> Bool {
        guard let builtIn else { return true }
        let priority = lbx_foreign_priority(builtIn)
        if priority < 0 { return true }
        let slideLike =
            builtIn.hasPrefix("VipsForeignLoadTiff")
            || slideExtensions.contains((path as NSString).pathExtension.lowercased())
        return priority < 100 && slideLike
    }

    /// The module files mapped into this process (from `/proc/self/maps`), for checks and tests.
    package static var mapped: [String] {
        let names = mappedFiles().filter { $0.contains("/vips-modules-") }.map { ($0 as NSString).lastPathComponent }
        return Array(Set(names)).sorted()
    }

    /// The paths of the files mapped into this process (read to the end: the file's size reads as 0,
    /// and `String(contentsOfFile:)` stops after its first 4 KB).
    private static func mappedFiles() -> [String] {
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let slash = line.firstIndex(of: "/") else { return nil }
            return String(line[slash...])
        }
    }
}
