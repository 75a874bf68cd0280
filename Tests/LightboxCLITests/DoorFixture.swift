import Foundation

/// A folder with one source of every door: a JPEG, a crop manifest, an Ultralytics dataset, bare
/// YOLO labels, a COCO file, a VOC folder, a view state manifest and a board layout; every box of
/// each dataset is a `cat` but one `dog`, and one VOC object is difficult, so `--only` and
/// `--skip-difficult` have something to leave out. Paths in arguments are absolute (`{dir}`).
struct DoorFixture {
    /// The folder, removed when the suite's process ends.
    let dir: String

    /// The repository's `Fixtures/photo.jpg`.
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/photo.jpg")

    /// Writes every source into a new temporary folder.
    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("doors-\(UUID().uuidString)").path
        for image in ["p.jpg", "img/a.jpg", "ds/images/train/a.jpg", "ds/images/val/b.jpg"] { try place(image) }
        try write("input,x,y,width,height\np.jpg,0,0,1,1\n", to: "m.csv")
        try write("train: images/train\nval: images/val\nnames: [cat, dog]\n", to: "ds/data.yaml")
        try write("0 0.5 0.5 0.4 0.4\n1 0.3 0.3 0.2 0.2\n", to: "ds/labels/train/a.txt")
        try write("0 0.5 0.5 0.4 0.4\n", to: "ds/labels/val/b.txt")
        try write("cat\ndog\n", to: "names.txt")
        // `path: ds` is neither beside this file nor in the current folder: only --datasets-dir finds it.
        try write("path: ds\ntrain: images/train\nval: images/val\nnames: [cat, dog]\n", to: "far/data.yaml")
        try write(
            #"{"images":[{"id":1,"file_name":"a.jpg","width":600,"height":400}],"annotations":["#
                + #"{"id":5,"image_id":1,"category_id":1,"bbox":[60,40,120,80],"#
                + #""segmentation":[[60,40,180,40,180,120,60,120]]},"#
                + #"{"id":6,"image_id":1,"category_id":2,"bbox":[10,10,50,50]}],"#
                + #""categories":[{"id":1,"name":"cat"},{"id":2,"name":"dog"}]}"#, to: "coco.json")
        let objects = [("cat", 0, [61, 41, 180, 120]), ("dog", 1, [11, 11, 60, 60])].map { name, difficult, c in
            "<object><name>\(name)</name><difficult>\(difficult)</difficult><bndbox><xmin>\(c[0])</xmin>"
                + "<ymin>\(c[1])</ymin><xmax>\(c[2])</xmax><ymax>\(c[3])</ymax></bndbox></object>"
        }
        try write(
            "<annotation><filename>a.jpg</filename><size><width>600</width><height>400</height></size>"
                + objects.joined() + "</annotation>", to: "voc/a.xml")
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
