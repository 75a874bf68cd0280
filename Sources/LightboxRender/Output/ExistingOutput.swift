import Foundation
import LightboxSystem
import Vips

/// What is at an output's path when a job that leaves whole outputs as they are (`skipExisting`,
/// or `--resume` for an output its journal does not know) is about to write it: nothing, a whole
/// image in the output's format (the job is skipped), or something the job could not have written
/// (outputs are renamed into place whole), which only `--force` replaces.
///
/// Only `lstat` looks at the path until it is known to be a regular file; it is then opened
/// without following a link and without blocking (through the write roots when the run has them),
/// so a FIFO or a device put there is never opened for reading.
package enum ExistingOutput: Codable, Sendable, Equatable {
    /// Nothing is there: the output is written.
    case missing
    /// A whole image in the output's format: left as it is.
    case whole
    /// Something else, and why the job could not have written it (`is not a regular file`).
    case other(String)

    /// Why a FIFO, a device, a link or a socket at the output's path is not one.
    package static let notRegular = "is not a regular file"

    /// The failure of a job that found `reason` at its output `path`, naming the output:
    /// `x.jpg: output exists and is not a JPEG image; --force replaces it`.
    package static func refusal(_ path: String, _ reason: String) -> RenderError {
        RenderError(path, "output exists and \(reason); --force replaces it")
    }

    /// What `lstat` alone says of `path` (nothing is opened): nil for a regular file, which only
    /// a decode can tell. A path that cannot be looked at counts as missing: writing it says why.
    package static func glance(_ path: String) -> ExistingOutput? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFREG ? nil : .other(notRegular)
    }

    /// What is at `path`: `glance`, then for a regular file its format (libvips' loader for its
    /// first bytes) and whether it decodes to its last pixel. `format` is the output's; nil
    /// takes any format.
    package static func look(_ path: String, format: OutputFormat?, roots: PathRoots?) -> ExistingOutput {
        if let seen = glance(path) { return seen }
        let kind = format.map { "\($0.displayName) image" } ?? "image"
        let named = (format == nil || format == .avif ? "an " : "a ") + kind
        guard let pin = pinned(path, roots: roots) else { return .other(notRegular) }
        defer { pin() }
        guard let loader = try? Vips.loader(for: path), matches(loader, format) else {
            return .other("is not \(named)")
        }
        guard let image = try? VImage.load(path, access: .sequential, failOn: .truncated, loader: loader),
            (try? image.average()) != nil
        else { return .other("is not a whole \(kind)") }
        if format == .avif || format == .heic, let coding = image.stringField("heif-compression"),
            (coding == "av1") != (format == .avif)
        {
            return .other("is not \(named)")
        }
        return .whole
    }

    /// Opens the regular file `path` for reading without following a link or blocking (through
    /// the write roots when given) and pins it for libvips; returns what lets it go, or nil.
    private static func pinned(_ path: String, roots: PathRoots?) -> (() -> Void)? {
        if roots != nil {
            guard let pins = try? InputPins([path], roots: roots, access: .write) else { return nil }
            return { pins.release() }
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        let pin = PinnedFiles.pin(path, descriptor: descriptor)
        return { PinnedFiles.release(pin) }
    }

    /// Whether libvips' `loader` (a class name, `VipsForeignLoadJpegFile`) reads `format`.
    static func matches(_ loader: String, _ format: OutputFormat?) -> Bool {
        guard let format else { return true }
        let token: String
        switch format {
        case .jpeg: token = "jpeg"
        case .avif, .heic: token = "heif"
        default: token = format.rawValue
        }
        return loader.lowercased().contains(token)
    }
}
