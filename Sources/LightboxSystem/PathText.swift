/// Path arithmetic on text, as `NSString` does it, without its traps: swift-corelibs-foundation
/// in Swift 6.3 stops the process on `("b" as NSString).deletingLastPathComponent` (any name of
/// one character with no `/`), and a manifest, an output or an input may well be called `b`.
package enum PathText {
    /// The folder part of `path`, as `deletingLastPathComponent` gives it: `a/b` is `a`, `/a` is
    /// `/`, `a` is empty, trailing slashes ignored, and repeated slashes before the name dropped.
    package static func folder(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
