import CVips
import Foundation

/// The characters a set of installed fonts has, among the fonts Pango can use (TrueType and
/// OpenType): every installed font, as Pango's fallback through fontconfig reaches them, where a
/// character outside them is drawn as a box holding its code point; or a face's own families.
package final class FontCoverage: @unchecked Sendable {
    /// Every installed font, read from fontconfig when first asked.
    package static let installed = FontCoverage(families: nil)

    /// The coverage of each family list asked for so far, kept for the process.
    nonisolated(unsafe) private static var byFamilies: [String: FontCoverage] = [:]
    /// Guards `byFamilies`.
    private static let lock = NSLock()

    /// The union of the fonts' character sets, owned; nil when fontconfig lists no font. Only
    /// read after `init`, so shared between threads.
    private let characters: OpaquePointer?

    /// The fonts of `families` (every installed font for nil), their characters merged.
    private init(families: [String]?) {
        guard let families else {
            characters = lbx_font_characters(nil)
            return
        }
        let merged = FcCharSetCreate()
        for family in families {
            guard let own = lbx_font_characters(family) else { continue }
            FcCharSetMerge(merged, own, nil)
            FcCharSetDestroy(own)
        }
        characters = merged
    }

    deinit {
        if let characters { FcCharSetDestroy(characters) }
    }

    /// The fonts of the comma-separated `families`, as Pango reads a font description's
    /// ("Inter Display,Inter,DejaVu Sans"); read from fontconfig once a process for each list.
    package static func of(families: String) -> FontCoverage {
        lock.lock()
        defer { lock.unlock() }
        if let known = byFamilies[families] { return known }
        let names = families.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let coverage = FontCoverage(families: names)
        byFamilies[families] = coverage
        return coverage
    }

    /// Whether one of the fonts has `scalar`; true when fontconfig listed none, so nothing is
    /// taken for missing when the fonts cannot be read.
    package func has(_ scalar: Unicode.Scalar) -> Bool {
        guard let characters else { return true }
        return FcCharSetHasChar(characters, scalar.value) != 0
    }

    /// The characters of `text` that none of the fonts has, each once, in their order: those
    /// Pango draws as boxes. Characters drawn as nothing are never missing: white space, controls
    /// and the default-ignorable ones (joiners, variation selectors, direction marks, tags).
    package func missing(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { scalar in
            let properties = scalar.properties
            guard !properties.isWhitespace, !properties.isDefaultIgnorableCodePoint,
                properties.generalCategory != .control
            else { return false }
            return !has(scalar) && seen.insert(scalar).inserted
        }
    }
}
