/// One `<object>` of a Pascal VOC file: its name, its corners and the line it starts on.
struct VOCObject: Sendable {
    /// `<name>`.
    var name: String?
    /// `<bndbox>` corners by tag (`xmin`, `ymin`, `xmax`, `ymax`), as written.
    var corners: [String: String] = [:]
    /// The line of `<object>`.
    let line: Int
}
