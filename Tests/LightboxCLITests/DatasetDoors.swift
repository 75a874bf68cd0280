/// Each dataset format's part of the door walk (`OptionDoorTests`): the arguments of its doors,
/// the samples of its options, and the images and files `DoorFixture` writes for it. Every box is
/// a `cat` but one `dog`, and one VOC object is difficult, so `--only` and `--skip-difficult` have
/// something to leave out. A new format adds its entry here.
enum DatasetDoors {
    /// One format's part.
    struct Format {
        /// Each of its doors' base arguments (paths under `{dir}`).
        let doors: [String: [String]]
        /// The samples of its options.
        let samples: [String: DoorSamples.Sample]
        /// The images it reads, copies of the fixture's JPEG.
        let images: [String]
        /// The files it reads, by name.
        let files: [(name: String, text: String)]
    }

    /// Every format's part.
    static let all = [yolo, coco, voc]

    /// Every format's doors.
    static var doors: [String: [String]] {
        all.reduce(into: [:]) { doors, format in doors.merge(format.doors) { first, _ in first } }
    }

    /// Every format's samples, with `--images` (which several take).
    static var samples: [String: DoorSamples.Sample] {
        all.reduce(into: ["images": DoorSamples.Sample(args: ["--images", "{dir}/img"])]) { samples, format in
            samples.merge(format.samples) { first, _ in first }
        }
    }

    /// An Ultralytics dataset and bare YOLO labels with names; one `data.yaml` whose `path` only
    /// `--datasets-dir` finds.
    static let yolo = Format(
        doors: [
            "yolo": ["--yolo", "{dir}/ds/data.yaml", "--out-dir", "{dir}/out"],
            "labels": [
                "--yolo", "{dir}/ds/labels/train", "--images", "{dir}/ds/images/train", "--classes",
                "{dir}/names.txt", "--out-dir", "{dir}/out",
            ],
        ],
        samples: [
            "yolo": .init(args: ["--yolo", "{dir}/ds/data.yaml"]),
            "classes": .init(args: ["--classes", "{dir}/names.txt"]), "splits": .init(args: ["--splits", "train"]),
            "datasets-dir": .init(
                args: ["--datasets-dir", "{dir}"],
                bases: ["yolo": ["--yolo", "{dir}/far/data.yaml", "--out-dir", "{dir}/out"]]),
        ],
        images: ["ds/images/train/a.jpg", "ds/images/val/b.jpg"],
        files: [
            ("ds/data.yaml", "train: images/train\nval: images/val\nnames: [cat, dog]\n"),
            ("ds/labels/train/a.txt", "0 0.5 0.5 0.4 0.4\n1 0.3 0.3 0.2 0.2\n"),
            ("ds/labels/val/b.txt", "0 0.5 0.5 0.4 0.4\n"), ("names.txt", "cat\ndog\n"),
            // `path: ds` is neither beside this file nor in the current folder: only --datasets-dir finds it.
            ("far/data.yaml", "path: ds\ntrain: images/train\nval: images/val\nnames: [cat, dog]\n"),
        ])

    /// A COCO file with a segmentation.
    static let coco = Format(
        doors: ["coco": ["--coco", "{dir}/coco.json", "--images", "{dir}/img", "--out-dir", "{dir}/out"]],
        samples: ["coco": .init(args: ["--coco", "{dir}/coco.json"])], images: ["img/a.jpg"],
        files: [
            (
                "coco.json",
                #"{"images":[{"id":1,"file_name":"a.jpg","width":600,"height":400}],"annotations":["#
                    + #"{"id":5,"image_id":1,"category_id":1,"bbox":[60,40,120,80],"#
                    + #""segmentation":[[60,40,180,40,180,120,60,120]]},"#
                    + #"{"id":6,"image_id":1,"category_id":2,"bbox":[10,10,50,50]}],"#
                    + #""categories":[{"id":1,"name":"cat"},{"id":2,"name":"dog"}]}"#
            )
        ])

    /// A VOC folder of one file, its `dog` difficult.
    static let voc = Format(
        doors: ["voc": ["--voc", "{dir}/voc", "--images", "{dir}/img", "--out-dir", "{dir}/out"]],
        samples: [
            "voc": .init(args: ["--voc", "{dir}/voc"]), "skip-difficult": .init(args: ["--skip-difficult"]),
        ],
        images: ["img/a.jpg"],
        files: [
            (
                "voc/a.xml",
                "<annotation><filename>a.jpg</filename><size><width>600</width><height>400</height></size>"
                    + [("cat", 0, [61, 41, 180, 120]), ("dog", 1, [11, 11, 60, 60])].map { name, difficult, c in
                        "<object><name>\(name)</name><difficult>\(difficult)</difficult><bndbox><xmin>\(c[0])</xmin>"
                            + "<ymin>\(c[1])</ymin><xmax>\(c[2])</xmax><ymax>\(c[3])</ymax></bndbox></object>"
                    }.joined() + "</annotation>"
            )
        ])
}
