import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxHEIF

/// The parsers a fuzzer (and the fuzz regression tests) drive with arbitrary bytes.
package enum FuzzTargets {
    /// The parser names, as `LIGHTBOX_FUZZ_TARGET` takes them.
    package static let names = ["rect", "csv", "jsonl", "yolo", "yaml", "layout", "states", "coco", "voc", "heif"]

    /// The target chosen by the environment (default `csv`).
    package static let selected = ProcessInfo.processInfo.environment["LIGHTBOX_FUZZ_TARGET"] ?? "csv"

    /// Feeds `data` to parser `name`; only a crash or a hang counts as a failure.
    package static func run(_ name: String, _ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        switch name {
        case "rect":
            _ = RectParser.parse(text)
            if let value = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) {
                _ = RectValue.parse(value)
            }
        case "csv":
            _ = try? ManifestReader.parse(data, path: "fuzz.csv")
        case "jsonl":
            _ = try? ManifestReader.parse(data, path: "fuzz.jsonl")
        case "yolo":
            let reader = YOLOLabelLine(poseValues: nil, pad: 0.1, strict: false)
            for (index, line) in text.components(separatedBy: .newlines).enumerated() {
                _ = reader.label(line, file: "fuzz.txt", line: index + 1)
            }
        case "yaml":
            _ = try? ClassNames.yaml(data, path: "fuzz.yaml")
        case "coco":
            _ = try? COCOFile(stream: JSONStream(data: data, path: "fuzz.json"))
            let shapes = try? COCOFile(stream: JSONStream(data: data, path: "fuzz.json"), segmentations: true)
            for segmentation in shapes?.annotations.compactMap(\.segmentation) ?? [] {
                if case .success(.mask(let mask)) = segmentation.shape(over: AnnotatedSize(width: 64, height: 48)) {
                    _ = mask.values(in: mask.bounds ?? PixelRect(left: 0, top: 0, width: 1, height: 1))
                }
            }
        case "voc":
            _ = try? VOCDocument.read(data, file: "fuzz.xml")
        case "layout":
            _ = try? BoardLayoutFile.decode(data)
        case "states":
            for (index, line) in text.split(separator: "\n").enumerated() {
                guard case .success(let object) = JSONLines.object(String(line), number: index + 1, path: "fuzz.jsonl")
                else { continue }
                for (key, value) in object { _ = (FieldText.kebab(key), FieldText.text(value)) }
            }
        case "heif":
            heif([UInt8](data))
        default:
            preconditionFailure("unknown fuzz target \(name)")
        }
    }

    /// The HEIF box reader on `bytes` as a whole file: its Exif items taken out, the grid
    /// analysed, the tiles under the middle and a corner of what it shows found, and their small file written.
    static func heif(_ bytes: [UInt8]) {
        _ = try? ExifItems.removed(from: bytes)
        guard let file = try? TiledHEIF(source: MemoryBytes(bytes)) else { return }
        let (width, height) = file.grid.displayedSize
        guard width > 0, height > 0, width < 1 << 20, height < 1 << 20 else { return }
        for rect in [
            PixelRect(left: width / 2, top: height / 2, width: max(1, width / 10), height: max(1, height / 10)),
            PixelRect(left: width - 1, top: 0, width: 1, height: 1),
        ] {
            guard rect.right <= width, rect.bottom <= height,
                let span = file.grid.span(covering: file.grid.codedRect(of: rect))
            else { continue }
            _ = try? file.subgrid(span)
        }
    }
}
