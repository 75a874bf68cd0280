import Foundation
import LightboxRender

/// Where outputs go, resolved and confined once, in the supervisor, for every door.
///
/// With `--out-dir`, every output (a name a file gave, or a template's expansion) is taken
/// relative to it and must resolve inside it. Without, a template's expansion must stay inside the
/// folder its fixed text names (`crops/{dir}/{stem}-{n}.jpg` stays in `crops`). `{dir}` is the
/// input's folder relative to `base` (the working folder, or a manifest's folder) with the `..`
/// parts that would climb out of it dropped: `../in/a.jpg` gives `in`, `/data/in/a.jpg` gives
/// `data/in`, so no input's folder can take an output out of its folder.
package struct OutputPlacement: Sendable {
    /// `--out-dir`, if given.
    package let outDir: String?
    /// `--format`, which a template's `{ext}` names when given.
    package let format: OutputFormat?

    /// Makes a placement.
    package init(outDir: String?, format: OutputFormat? = nil) {
        self.outDir = outDir
        self.format = format
    }

    /// A name a manifest or batch job gave: inside `--out-dir` when there is one, else as given.
    package func place(_ name: String) -> Result<String, OutputFolder.Escape> {
        guard let outDir else { return .success(name) }
        return OutputFolder(outDir).place(name)
    }

    /// The path `template` gives rect `number` of `input`, `{dir}` taken relative to `base`; an
    /// escape names `rule`, the option the template came from.
    package func place(
        _ template: OutputTemplate, input: String, number: Int, base: String, rule: String = "-o"
    ) -> Result<String, OutputFolder.Escape> {
        let name = template.path(
            input: input, number: number, dir: OutputPlacement.folder(of: input, base: base), format: format)
        if outDir != nil { return place(name) }
        guard name != OutputPath.standardOutput else { return .success(name) }
        let fixed = template.fixedFolder
        guard
            fixed == "." && !name.hasPrefix("/")
                ? OutputPlacement.staysBelowHere(name) : OutputFolder(fixed).contains(name)
        else {
            return .failure(OutputFolder.Escape(name: name, folder: fixed, rule: rule))
        }
        return .success(OutputPlacement.lexical(name))
    }

    /// `name` with each `..` after a folder removed, and then its `.` parts (`c/a/b/../../x.jpg` is
    /// `c/x.jpg`), so the folder made for it and the file written are the same place; a name
    /// without `..` stays as written.
    package static func lexical(_ name: String) -> String {
        guard name.split(separator: "/").contains("..") else { return name }
        var parts: [Substring] = []
        for part in name.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return name.hasPrefix("/") ? "/" + joined : joined
    }

    /// `{dir}` of `input`: its folder relative to `base`, without the parts that climb out of it.
    package static func folder(of input: String, base: String) -> String {
        let folder = OutputTemplate.folder(of: input)
        let parts = OutputFolder.components(of: folder.isEmpty ? "." : folder)
        let anchor = OutputFolder.components(of: base.isEmpty ? "." : base)
        var common = 0
        while common < min(parts.count, anchor.count) && parts[common] == anchor[common] { common += 1 }
        return parts.dropFirst(common).joined(separator: "/")
    }

    /// Whether a relative `name` resolves below the working folder (no `..` takes it above).
    private static func staysBelowHere(_ name: String) -> Bool {
        var depth = 0
        for part in name.split(separator: "/") {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return false }
        }
        return depth > 0
    }
}
