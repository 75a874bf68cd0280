/// One `<object>` of a Pascal VOC file: its name, its corners and the line it starts on.
package struct VOCObject: Sendable {
    /// `<name>`.
    package var name: String?
    /// `<bndbox>` corners by tag (`xmin`, `ymin`, `xmax`, `ymax`), as written.
    package var corners: [String: String] = [:]
    /// The line of `<object>`.
    package let line: Int
}
