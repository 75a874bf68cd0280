import Foundation
import Vips

/// An output name as libvips' users write it: a path, then save options in brackets
/// (`crop.jpg[Q=90,strip,interlace]`, `out.webp[lossless]`, `x.png[compression=9]`).
package struct OutputName: Sendable, Equatable {
    /// The file path (or template) without the brackets.
    package let path: String
    /// The save options with their brackets, as libvips reads them, or nil.
    package let options: String?

    /// Splits `text` at a final `[...]`; a name without one has no options.
    package init(_ text: String) {
        guard text.hasSuffix("]"), let open = text.lastIndex(of: "["), open > text.startIndex else {
            path = text
            options = nil
            return
        }
        path = String(text[..<open])
        options = String(text[open...])
    }

    /// Why the options do not suit the saver of the path's format (or of `format`, `--format`'s,
    /// for a name without an extension), naming its real options, or nil when they do.
    package func problem(as format: OutputFormat? = nil) -> String? {
        guard let options else { return nil }
        var probe = path.replacingOccurrences(of: "{", with: "_").replacingOccurrences(of: "}", with: "_")
        if let format, URL(fileURLWithPath: probe).pathExtension.isEmpty { probe += "." + format.rawValue }
        guard let saver = try? Vips.saver(for: probe) else { return nil }
        let known = VOperation.optionalInputs(of: saver)
        let normal = Set(known.map(OutputName.normalized))
        let names = options.dropFirst().dropLast().split(separator: ",").map {
            $0.split(separator: "=").first.map(String.init) ?? ""
        }
        if let unknown = names.first(where: { !normal.contains(OutputName.normalized($0)) }) {
            let ext = URL(fileURLWithPath: probe).pathExtension
            return "unknown save option '\(unknown)' for .\(ext) files; they take: \(known.joined(separator: ", "))"
        }
        do {
            try VOperation.check(saver, options: options)
        } catch {
            return error.message
        }
        return nil
    }

    /// libvips accepts `_` and `-` alike in option names.
    private static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "-", with: "_")
    }
}
