import Foundation

/// An output path with placeholders: `{stem}` and `{ext}` of the input, `{n}` the rect's
/// number from 1, `{dir}` the input's folder (relative to the manifest, or as given).
package struct OutputTemplate: Sendable, Equatable {
    /// The folder the template's fixed text names, before any placeholder: what a file's
    /// `{stem}` or `{dir}` fills in must stay inside it (`previews/{dir}/{stem}.jpg` gives `previews`).
    package var fixedFolder: String {
        let fixed = text.firstIndex(of: "{").map { String(text[..<$0]) } ?? text
        guard let slash = fixed.lastIndex(of: "/") else { return "." }
        return slash == fixed.startIndex ? "/" : String(fixed[..<slash])
    }

    /// The placeholders a template may hold.
    package static let placeholders = ["{stem}", "{ext}", "{n}", "{dir}"]

    /// The template text.
    package let text: String

    /// Makes a template.
    package init(_ text: String) {
        self.text = text
    }

    /// Whether the template names outputs apart by rect (`{n}`).
    package var numbersRects: Bool { text.contains("{n}") }

    /// Whether the template names outputs apart by input (`{stem}`).
    package var namesInputs: Bool { text.contains("{stem}") }

    /// Whether the name's format is its own: its last part (save options aside) ends in an
    /// extension that is not `{ext}` (so `--format` has nothing to set).
    package var namesItsFormat: Bool {
        let path = OutputName(text).path
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return false }
        let ext = last[last.index(after: dot)...]
        return !ext.isEmpty && ext != "{ext}"
    }

    /// The first `{...}` that is not a placeholder (such as `{name}`), or nil.
    package var unknownPlaceholder: String? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let candidate = String(rest[open...close])
            if !Self.placeholders.contains(candidate) { return candidate }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }

    /// The path for rect number `number` (from 1) of `input`; `{ext}` is `format`'s extension
    /// (`--format`) when given, else the input's, `png` for an input format Lightbox cannot write
    /// (bmp, jp2, pdf...).
    package func path(input: String, number: Int, dir: String? = nil, format: OutputFormat? = nil) -> String {
        let url = URL(fileURLWithPath: input)
        let folder = dir ?? OutputTemplate.folder(of: input)
        let own = OutputFormat(extension: url.pathExtension) == nil ? "png" : url.pathExtension
        let ext = format?.fileExtension ?? own
        return
            text
            .replacingOccurrences(of: "{dir}/", with: folder.isEmpty ? "" : folder + "/")
            .replacingOccurrences(of: "{dir}", with: folder)
            .replacingOccurrences(of: "{stem}", with: url.deletingPathExtension().lastPathComponent)
            .replacingOccurrences(of: "{ext}", with: ext)
            .replacingOccurrences(of: "{n}", with: String(number))
    }

    /// The folder part of `path` ("" when it has none), without Foundation's path parsing,
    /// which traps on some one-letter names on Linux.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
