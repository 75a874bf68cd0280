/// One `<object>` of a Pascal VOC file: its name, its corners, whether it is marked difficult and
/// the line it starts on.
package struct VOCObject: Sendable {
    /// `<name>`.
    package var name: String?
    /// `<bndbox>` corners by tag (`xmin`, `ymin`, `xmax`, `ymax`), as written.
    package var corners: [String: String] = [:]
    /// `<difficult>` as written (`0` or `1`), if the object has one.
    package var difficult: String?
    /// The line of `<object>`.
    package let line: Int
}
