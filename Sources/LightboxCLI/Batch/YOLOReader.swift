import Foundation
import LightboxGeometry
import LightboxRender

/// Turns a YOLO dataset (`class cx cy w h` label files beside images) into crops by class.
struct YOLOReader {
    /// The label folder (or one label file).
    let labels: String
    /// The image folder.
    let images: String
    /// Class names by id; an id without a name uses its number.
    let names: [Int: String]
    /// Each side moves out by this fraction of the box's size.
    let pad: Double
    /// Grow the short side to make square crops.
    let square: Bool
    /// Refuse boxes that stick out of the image instead of clipping them.
    let strict: Bool

    /// Image extensions looked for beside a label's stem.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "tif", "tiff", "gif", "heic", "heif", "avif"]

    /// One crop entry per box, and a problem per bad line or missing image.
    func entries(outDir: String) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        let imageIndex = try indexImages()
        var entries: [CropEntry] = []
        var problems: [BatchProblem] = []
        for file in try labelFiles() {
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            guard let image = imageIndex[stem] else {
                problems.append(BatchProblem(file, "no image named \(stem).* in \(images)"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                problems.append(BatchProblem(file, "cannot read the label file"))
                continue
            }
            let lines = String(decoding: data, as: UTF8.self).components(separatedBy: .newlines)
            var number = 0
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                number += 1
                switch box(line, file: file, line: index + 1) {
                case .success(let (classID, rect)):
                    let name = names[classID] ?? String(classID)
                    let ext = URL(fileURLWithPath: image).pathExtension
                    guard case .success(let output) = OutputFolder(outDir).place("\(name)/\(stem)_\(number).\(ext)") else {
                        problems.append(BatchProblem(file, line: index + 1, field: "class", "class name '\(name)' leaves --out-dir \(outDir)"))
                        continue
                    }
                    entries.append(CropEntry(input: image, item: Cropper.Item(rect: rect, output: output, square: square), origin: "\(file):\(index + 1)"))
                case .failure(let problem):
                    problems.append(problem)
                }
            }
        }
        return (entries, problems)
    }

    /// The class and the checked, padded rect of one label line.
    func box(_ line: String, file: String, line number: Int) -> Result<(Int, CGRect), BatchProblem> {
        let parts = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count == 5 || parts.count == 6 else {
            return .failure(BatchProblem(file, line: number, "expected 'class cx cy w h', got \(parts.count) values"))
        }
        guard let classID = Int(parts[0]), classID >= 0 else {
            return .failure(BatchProblem(file, line: number, field: "class", "'\(parts[0])' is not a class id"))
        }
        var values: [Double] = []
        for (name, text) in zip(["cx", "cy", "w", "h"], parts[1...4]) {
            guard let value = Double(text) else {
                return .failure(BatchProblem(file, line: number, field: name, "'\(text)' is not a number"))
            }
            values.append(value)
        }
        let (w, h) = (values[2], values[3])
        let box = CGRect(x: values[0] - w / 2 - pad * w, y: values[1] - h / 2 - pad * h, width: w * (1 + 2 * pad), height: h * (1 + 2 * pad))
        do {
            let checked = try CropRect.check(box, strict: strict)
            return .success((classID, checked.rect))
        } catch {
            return .failure(BatchProblem(file, line: number, field: "box", error.description))
        }
    }

    private func labelFiles() throws(BatchProblem) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: labels, isDirectory: &isFolder) else {
            throw BatchProblem(labels, "no such label file or folder")
        }
        guard isFolder.boolValue else { return [labels] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: labels)) ?? []
        return names.filter { $0.hasSuffix(".txt") && $0 != "classes.txt" }.sorted().map { (labels as NSString).appendingPathComponent($0) }
    }

    private func indexImages() throws(BatchProblem) -> [String: String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: images) else {
            throw BatchProblem(images, "cannot list the image folder")
        }
        var index: [String: String] = [:]
        for name in names.sorted() where YOLOReader.imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
            let stem = (name as NSString).deletingPathExtension
            if index[stem] == nil { index[stem] = (images as NSString).appendingPathComponent(name) }
        }
        return index
    }
}
