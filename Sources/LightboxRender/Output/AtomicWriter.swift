import CVips
import Foundation
import LightboxHEIF
import LightboxSystem
import Vips

/// Writes an image to its final path through a temp file in the same folder and a rename.
///
/// A reader never sees a partial output: the temp file is either renamed whole or removed.
/// Without `force` the final step is `renameat2(RENAME_NOREPLACE)` (`link(2)` where the file
/// system has no such rename), which fails rather than replace a file that appeared meanwhile.
///
/// Before the first write into a folder (and then at most once a minute), the temp files a killed
/// process left there are removed (`TempFiles.sweepStale`).
///
/// With roots, the output's folder is opened through the write roots first (`PathRoots.openFolder`)
/// and everything happens relative to that descriptor: the temp file is written as
/// `/proc/self/fd/N/.name…`, then linked or renamed with `linkat`/`renameat` in the same folder,
/// so a folder swapped for a link after the supervisor's check cannot take the output elsewhere.
package struct AtomicWriter: Sendable {
    /// The save options in force.
    package let options: SaveOptions
    /// The roots outputs must stay in; nil for none.
    package let roots: PathRoots?
    /// Where a warning about an output goes (its profile's colours converted, `EmbeddedProfile`).
    package let warn: @Sendable (String) -> Void

    /// Makes a writer.
    package init(options: SaveOptions, roots: PathRoots? = nil, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.options = options
        self.roots = roots
        self.warn = warn
    }

    /// Writes `image` to `path` in the format its extension names.
    ///
    /// The caller has checked the path first (`OutputPath.check`: its folder, never an input, an
    /// existing file only with `force`); here a file that appeared meanwhile is still never
    /// replaced without `force`. `input` is the file whose pixels are decoded while saving, blamed
    /// when they are damaged; nil for a picture composed of pixels already in memory (a board).
    /// The path `-` is standard output, in `options.streamFormat`, through a private temp file.
    /// An image over the format's size (`OutputLimit`; an animation's frame, `page-height` tall) is
    /// refused before anything is encoded.
    package func write(_ image: VImage, to path: String, input: String?) throws(RenderError) {
        let format = try format(of: path)
        let frameHeight = image.intField("page-height").map { min($0, image.height) } ?? image.height
        if let problem = OutputLimit.problem(width: Double(image.width), height: Double(frameHeight), format: format) {
            throw RenderError(path, problem)
        }
        let saver = try format.saver(for: "x." + format.rawValue)
        // A warning about the output is said once it is written, never for a file that failed.
        var warning: String?
        try writeFile(to: path, format: format) { (temp: String) throws(RenderError) in
            let prepared: VImage
            let delays: [Int]
            do throws(VipsError) {
                let fitted = try EmbeddedProfile.fitted(
                    options.prepared(options.flattened(DisplayColour.saveable(image, as: format), for: format)),
                    for: format, output: path)
                prepared = fitted.image
                warning = fitted.warning
                // Read before saving: libvips 8.14's webpsave overwrites the short delays in place.
                delays = AtomicWriter.animationDelays(prepared)
                let arguments = options.saverArguments(for: format, image: prepared)
                if format == .png, let encoder = PNGEncoder(prepared, arguments: arguments) {
                    try encoder.write(to: temp)
                } else if format == .jpeg, let encoder = JPEGEncoder(prepared, arguments: arguments) {
                    // Written with `strip`: no EXIF block of libvips' making to take out (`mend`).
                    try encoder.write(to: temp)
                    return
                } else {
                    try prepared.save(to: temp, saver: saver, options: arguments)
                }
            } catch {
                throw AtomicWriter.blame(
                    error.message, temp: temp, output: path, input: input, warnings: error.warnings)
            }
            try AtomicWriter.mend(
                temp, of: path, format: format, saved: prepared, size: (image.width, frameHeight), delays: delays)
        }
        if let warning { warn(warning) }
    }

    /// What the file libvips just saved at `temp` needs before it is published as `output`: a
    /// HEIC or AVIF checked to hold its image, an EXIF block of libvips' making taken out
    /// (`MadeUpExif`), a WebP animation's short frames given their delays (`WebPFrameTiming`).
    /// `size` is a frame's, for messages. A HEIC or AVIF is read back once for both checks.
    static func mend(
        _ temp: String, of output: String, format: OutputFormat, saved: VImage, size: (width: Int, height: Int),
        delays: [Int]
    ) throws(RenderError) {
        var bytes: Data?
        if format == .heic || format == .avif {
            bytes = FileManager.default.contents(atPath: temp)
            try requireHEIFImage(bytes, output: output, size: size)
        }
        try MadeUpExif.clean(temp, format: format, ownExif: saved.hasField("exif-data"), bytes: bytes)
        if format == .webp { try WebPFrameTiming.mend(temp, delays: delays, output: output) }
    }

    /// The frame delays of an animation (pages of `page-height` with a `delay` each), else none.
    static func animationDelays(_ image: VImage) -> [Int] {
        guard let pageHeight = image.intField("page-height"), pageHeight < image.height else { return [] }
        return image.intArrayField("delay")
    }

    /// Throws, naming `output`, when the HEIC or AVIF just saved (`bytes`, nil when unreadable) holds no primary image.
    ///
    /// libheif 1.15 reports success and writes a file whose `pitm` names no image when its x265
    /// encoder gives nothing, as it does for some wide, short pictures (8192x4: the HEVC level
    /// x265 picks for so few pixels caps the width); `size` is the image's, for the message.
    static func requireHEIFImage(_ bytes: Data?, output: String, size: (width: Int, height: Int)) throws(RenderError) {
        guard let bytes,
            let meta = try? HEIFMeta(file: [UInt8](bytes)), meta.primaryHasData
        else {
            let shape = "\(size.width)x\(size.height)"
            throw RenderError(output, "libheif wrote no image for \(shape) (its encoder refused a picture this shape)")
        }
    }

    /// The format `path` is written in: its extension's, or `--format`'s for standard output and a name without one.
    package func format(of path: String) throws(RenderError) -> OutputFormat {
        guard let format = options.format(of: path) else {
            throw RenderError(path, OutputFormat.problem(with: path) ?? "unsupported output format")
        }
        return format
    }

    /// Writes the file `produce` makes at the temp path it is given to `path` (linked or renamed
    /// into place; standard output for `-`). A failure of `produce` removes the temp file and is
    /// thrown as it is.
    package func writeFile(
        to path: String, format: OutputFormat, produce: (String) throws(RenderError) -> Void
    ) throws(RenderError) {
        let streamed = path == OutputPath.standardOutput
        // A path named not a folder: Foundation would otherwise stat it (and the temp name) to know.
        let url = URL(fileURLWithPath: streamed ? NSTemporaryDirectory() + "stdout" : path, isDirectory: false)
        // The temp name keeps an extension savers read (heifsave picks AV1 by `.avif`): the
        // format's own when the output has none (`-`, or a name `--format` gives its format).
        let named = url.pathExtension.isEmpty ? url.appendingPathExtension(format.rawValue) : url
        let spot: Spot
        if streamed {
            spot = Spot(folder: AT_FDCWD, name: path, temp: OutputPath.temporary(for: named))
        } else if let roots {
            let folder = try RenderError.rooted { () throws(PathError) in try roots.openFolder(of: path) }
            let name = (OutputPath.temporary(for: named) as NSString).lastPathComponent
            spot = Spot(folder: folder, name: url.lastPathComponent, temp: "/proc/self/fd/\(folder)/\(name)")
            TempFiles.shared.sweepStale(in: url.deletingLastPathComponent().path, descriptor: folder)
        } else {
            spot = Spot(folder: AT_FDCWD, name: path, temp: OutputPath.temporary(for: named))
            TempFiles.shared.sweepStale(in: url.deletingLastPathComponent().path)
        }
        defer { if spot.folder != AT_FDCWD { close(spot.folder) } }
        let temp = spot.temp
        TempFiles.shared.add(temp)
        do {
            try produce(temp)
        } catch {
            try TempFiles.shared.finish(temp) { () throws(RenderError) in
                unlink(temp)
                throw error
            }
        }
        try TempFiles.shared.finish(temp) { () throws(RenderError) in
            try streamed ? AtomicWriter.stream(temp) : publish(spot, as: path)
        }
    }

    /// Where a file is written: the folder (`AT_FDCWD` without roots), the output's name in it (the
    /// whole path without roots), and the temp file's path as the producer is given it.
    private struct Spot {
        /// The output's folder, opened through the roots; `AT_FDCWD` without roots.
        let folder: Int32
        /// The output, relative to `folder`.
        let name: String
        /// The temp file: beside the output, or `/proc/self/fd/N/…` in the opened folder.
        let temp: String

        /// The temp file relative to `folder`.
        var tempName: String {
            folder == AT_FDCWD ? temp : (temp as NSString).lastPathComponent
        }
    }

    /// Copies the finished temp file to standard output and removes it.
    private static func stream(_ temp: String) throws(RenderError) {
        defer { unlink(temp) }
        guard let data = FileManager.default.contents(atPath: temp) else {
            throw RenderError(OutputPath.standardOutput, "cannot read the finished image back")
        }
        if let failure = StandardOutput.write([UInt8](data)) {
            throw RenderError(OutputPath.standardOutput, "cannot write to standard output: \(failure)")
        }
    }

    /// Moves the finished temp file into place, in its folder, replacing only with `force`.
    private func publish(_ spot: Spot, as path: String) throws(RenderError) {
        let (folder, temp, name) = (spot.folder, spot.tempName, spot.name)
        // Renamed into place, the temp name is gone; every other end removes it.
        if !options.force && lbx_rename_noreplace(folder, temp, name) == 0 { return }
        let refused = errno
        defer { unlinkat(folder, temp, 0) }
        if options.force {
            guard renameat(folder, temp, folder, name) == 0 else { throw RenderError(path, Self.systemError()) }
            return
        }
        if refused == EEXIST { throw RenderError(path, "output exists (use --force to replace it)") }
        if linkat(folder, temp, folder, name, 0) == 0 { return }
        let code = errno
        if code == EEXIST { throw RenderError(path, "output exists (use --force to replace it)") }
        guard code == EPERM || code == EOPNOTSUPP || code == EXDEV else {
            throw RenderError(path, Self.systemError(code))
        }
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            throw RenderError(path, "output exists (use --force to replace it)")
        }
        guard renameat(folder, temp, folder, name) == 0 else { throw RenderError(path, Self.systemError()) }
    }

    /// A save failure names the output when the system refused the write (a full disk, an I/O
    /// error: `cannot write: ` and the system's reason), and the input otherwise (a truncated input fails only while the output is saved),
    /// with the loader's reason alone: the saver's "unable to write" would read as a disk problem.
    /// The decoder's `warnings` go with an input's failure, less the one its reason says.
    static func blame(
        _ message: String, temp: String, output: String, input: String?, warnings: DecoderWarnings = DecoderWarnings()
    ) -> RenderError {
        let text = systemReason(in: message, temp: temp).replacingOccurrences(of: temp, with: output)
        if message.contains("unix error") { return RenderError(output, PlainReason.cannotWrite(text)) }
        guard let input else { return RenderError(output, text) }
        let reason = inputReason(text)
        return RenderError(input, reason, warnings: warnings.removing(reason))
    }

    /// `message` with libvips' `unix error: Unknown error -1` (a buffered write whose errno it
    /// lost, as TIFF's and JPEG's savers report a full disk) given the system's reason: the one the
    /// message gives elsewhere, else a full disk's when the folder of `temp` has no room left.
    static func systemReason(in message: String, temp: String) -> String {
        let lost = #"unix error: Unknown error -?[0-9]+"#
        guard message.range(of: lost, options: .regularExpression) != nil else { return message }
        let given = message.components(separatedBy: "unix error: ").dropFirst()
            .map { String($0.prefix { $0 != ";" && $0 != ")" }) }
            .first { !$0.hasPrefix("Unknown error") }
        var space = statvfs()
        let folder = (temp as NSString).deletingLastPathComponent
        let full = statvfs(folder.isEmpty ? "." : folder, &space) == 0 && space.f_bavail == 0
        guard let reason = given ?? (full ? systemError(ENOSPC) : nil) else { return message }
        let template = NSRegularExpression.escapedTemplate(for: "unix error: " + reason)
        return message.replacingOccurrences(of: lost, with: template, options: .regularExpression)
    }

    /// The input's part of a save failure: the saver's name and its own "unable to write" parts
    /// removed; when nothing is left, the decoder's last warning.
    static func inputReason(_ text: String) -> String {
        let parts = text.components(separatedBy: "; ").map { part in
            part.replacingOccurrences(of: #"^VipsForeignSave\w*: "#, with: "", options: .regularExpression)
        }
        let reasons = parts.filter { !$0.contains("unable to write") && !$0.isEmpty }
        guard reasons.isEmpty else { return reasons.joined(separator: "; ") }
        return VipsError.lastWarning ?? "the image data is damaged (libvips gave no detail)"
    }

    /// The text of `errno` (or `code`).
    static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
