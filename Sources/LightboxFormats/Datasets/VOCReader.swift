import Foundation

/// Turns a folder of Pascal VOC XML files into crops `OUT/<name>/<stem>_<n>.<ext>`.
package struct VOCReader: Sendable {
    /// The folder of XML files (or one file).
    package let annotations: String
    /// The image folder.
    package let images: String
    /// Padding, squaring, strictness and the classes kept.
    package let options: DatasetOptions
    /// Leave out objects marked `<difficult>1</difficult>` (`--skip-difficult`), as Ultralytics'
    /// VOC conversion does; their numbers are kept, so the other crops' names do not change.
    package let skipDifficult: Bool

    /// Makes a value from its parts.
    package init(annotations: String, images: String, options: DatasetOptions, skipDifficult: Bool = false) {
        self.annotations = annotations
        self.images = images
        self.options = options
        self.skipDifficult = skipDifficult
    }

    /// One crop entry per object, and a problem per object or file that cannot be planned.
    package func entries(
        outDir: String, warn: (String) -> Void = { _ in }
    ) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        var planner = PixelBoxPlanner(outDir: outDir, options: options)
        var read: [(file: String, document: VOCDocument)] = []
        for file in try xmlFiles() {
            guard let data = FileManager.default.contents(atPath: file) else {
                planner.fail(BatchProblem(file, "cannot read the file: \(FileContents.reason(file))")); continue
            }
            do { read.append((file, try VOCDocument.read(data, file: file))) } catch { planner.fail(error) }
        }
        var (known, seen): (Set<DatasetClass>, Set<DatasetClass>) = ([], [])
        for (file, document) in read {
            for object in document.objects {
                guard let name = object.name else { continue }
                try ClassNameCheck.check(name, id: nil, file: file, line: object.line, field: "name")
                known.insert(DatasetClass(id: nil, name: name))
                if !(skipDifficult && Self.isDifficult(object)) { seen.insert(DatasetClass(id: nil, name: name)) }
            }
        }
        // VOC's classes are its objects' names; only --skip-difficult can leave a class without a box.
        try options.checkOnly(known: Array(known), file: annotations, source: annotations)
        try options.checkMatched(seen: seen, known: Array(known), file: annotations, warn: warn)
        for (file, document) in read { plan(document, file: file, into: &planner) }
        return (planner.entries, planner.problems)
    }

    /// Whether the object is marked difficult: `<difficult>` other than `0` (VOC writes `0` or `1`).
    static func isDifficult(_ object: VOCObject) -> Bool {
        guard let text = object.difficult?.lowercased() else { return false }
        return !["0", "", "false", "no"].contains(text)
    }

    /// Plans every object of one file.
    private func plan(_ document: VOCDocument, file: String, into planner: inout PixelBoxPlanner) {
        guard let width = document.width.flatMap({ Int($0) }), let height = document.height.flatMap({ Int($0) }),
            width > 0, height > 0
        else {
            planner.fail(BatchProblem(file, field: "size", "no <size> with a <width> and <height> above 0"))
            return
        }
        guard let image = imagePath(document, file: file) else {
            planner.fail(
                BatchProblem(
                    file, field: "filename",
                    "no image '\(document.fileName ?? "")' (nor one with this file's stem) in \(images)"))
            return
        }
        for (index, object) in document.objects.enumerated() {
            if skipDifficult && Self.isDifficult(object) { continue }
            guard let name = object.name, !name.isEmpty else {
                planner.fail(BatchProblem(file, line: object.line, field: "name", "an <object> without a <name>"))
                continue
            }
            guard let box = Self.box(object) else {
                planner.fail(
                    BatchProblem(
                        file, line: object.line, field: "bndbox",
                        "expected <bndbox> with numbers xmin <= xmax and ymin <= ymax"))
                continue
            }
            let output = planner.outputName(image: image, suffix: String(index + 1))
            planner.add(
                image: image, box: box, size: AnnotatedSize(width: width, height: height), name: name, output: output,
                file: file, line: object.line)
        }
    }

    /// The pixel box of VOC's 1-based inclusive corners: pixels xmin-1 to xmax, ymin-1 to ymax.
    package static func box(_ object: VOCObject) -> CGRect? {
        let values = ["xmin", "ymin", "xmax", "ymax"].compactMap { object.corners[$0].flatMap(Double.init) }
        guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= values[0], values[3] >= values[1] else {
            return nil
        }
        return CGRect(
            x: values[0] - 1, y: values[1] - 1, width: values[2] - values[0] + 1, height: values[3] - values[1] + 1)
    }

    /// The image: `<filename>` in the image folder, else the file there with the XML's stem.
    private func imagePath(_ document: VOCDocument, file: String) -> String? {
        if let name = document.fileName, COCOReader.isInside(name) {
            let path = (images as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: images)) ?? []
        return names.sorted().first { ($0 as NSString).deletingPathExtension == stem && YOLOImages.isImage($0) }
            .map { (images as NSString).appendingPathComponent($0) }
    }

    /// The XML files: the one given, or those in the folder (sorted).
    private func xmlFiles() throws(BatchProblem) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: annotations, isDirectory: &isFolder) else {
            throw BatchProblem.unreadable(annotations, "no such annotation file or folder")
        }
        guard isFolder.boolValue else { return [annotations] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: annotations)) ?? []).filter {
            $0.lowercased().hasSuffix(".xml") && !$0.hasPrefix(".")
        }
        guard !names.isEmpty else { throw BatchProblem(annotations, "no labels found: no .xml files in this folder") }
        return names.sorted().map { (annotations as NSString).appendingPathComponent($0) }
    }
}
