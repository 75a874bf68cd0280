import Foundation

/// An output name as libvips' users write it: a path, then save options in brackets
/// (`crop.jpg[Q=90,strip,interlace]`, `out.webp[lossless]`, `x.png[compression=9]`).
package struct OutputName: Sendable, Equatable {
    /// The file path (or template) without the brackets.
    package let path: String
    /// The save options with their brackets, as written, or nil.
    package let options: String?
    /// The options read and checked (`checked(as:profiles:)`); none until then.
    package private(set) var settings = SaverSettings()

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

    /// This name with its options read as options of the path's format (or of `format`,
    /// `--format`'s, for a name without an extension); throws naming the first one that does not suit.
    package func checked(
        as format: OutputFormat? = nil, profiles: SaverSettings.ProfileAccess
    ) throws(SaverOptionError) -> OutputName {
        guard let options else { return self }
        let probe = path.replacingOccurrences(of: "{", with: "_").replacingOccurrences(of: "}", with: "_")
        let ext = URL(fileURLWithPath: probe).pathExtension
        guard let named = ext.isEmpty ? format : OutputFormat(extension: ext) else { return self }
        var checked = self
        checked.settings = try SaverSettings(options, format: named, profiles: profiles)
        return checked
    }

    /// Why the options do not suit the path's format (or `format`), or nil when they do; a
    /// profile file is not read (`checked` reads it).
    package func problem(as format: OutputFormat? = nil) -> String? {
        do {
            _ = try checked(as: format, profiles: .unread)
            return nil
        } catch {
            return error.description
        }
    }
}
