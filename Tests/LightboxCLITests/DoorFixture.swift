import Foundation

/// A folder with one source of every door: a JPEG, a crop manifest, each dataset format's files
/// (`DatasetDoors`), a view state manifest and a board layout. Paths in arguments are absolute (`{dir}`).
struct DoorFixture {
    /// The folder, removed when the suite's process ends.
    let dir: String

    /// The repository's `Fixtures/photo.jpg`.
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/photo.jpg")

    /// Writes every source into a new temporary folder.
    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("doors-\(UUID().uuidString)").path
        try place("p.jpg")
        for image in Set(DatasetDoors.all.flatMap(\.images)).sorted() { try place(image) }
        try write("input,x,y,width,height\np.jpg,0,0,1,1\n", to: "m.csv")
        for (name, text) in DatasetDoors.all.flatMap(\.files) { try write(text, to: name) }
        // The first line's GIF takes an animation; the second gets a default name (`--format`'s);
        // the third animates, taking the command line's frames and duration.
        try write(
            #"{"input":"p.jpg","output":"v.gif"}"# + "\n" + #"{"input":"p.jpg"}"# + "\n"
                + #"{"input":"p.jpg","output":"a.gif","animate":"zoom"}"# + "\n", to: "states.jsonl")
        try write(
            #"{"board":{"width":300,"height":300},"photos":[{"id":"a","path":"p.jpg","caption":"a"}]}"#,
            to: "layout.json")
    }

    /// `text` with `{dir}` replaced by the folder.
    func expand(_ text: String) -> String {
        text.replacingOccurrences(of: "{dir}", with: dir)
    }

    /// Copies the JPEG to `name`.
    private func place(_ name: String) throws {
        let path = (dir as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.photo.path, toPath: path)
    }

    /// Writes `text` to `name`.
    private func write(_ text: String, to name: String) throws {
        let path = (dir as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
