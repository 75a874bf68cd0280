import Foundation
import LightboxFormats
import LightboxGeometry
import Testing

/// Shapes kept by the dataset readers: YOLO OBB and segment lines, COCO polygons and RLE masks
/// (counts as a list, and pycocotools' compressed strings, checked against vectors its own C
/// code wrote), and shapes given over the stored pixels of a turned photo.
@Suite struct ShapeParsingTests {
    /// (a YOLO line, the shape's kind, the rect): four points are an oriented box, three or five and more a polygon.
    static let lines: [(String, String?, CGRect)] = [
        ("0 0.5 0.5 0.2 0.4", nil, CGRect(x: 0.4, y: 0.3, width: 0.2, height: 0.4)),
        ("1 0.1 0.2 0.5 0.2 0.5 0.6 0.1 0.6", "oriented box", CGRect(x: 0.1, y: 0.2, width: 0.4, height: 0.4)),
        ("2 0.1 0.1 0.3 0.1 0.2 0.4", "polygon", CGRect(x: 0.1, y: 0.1, width: 0.2, height: 0.3)),
        ("3 0.1 0.1 0.3 0.1 0.4 0.2 0.3 0.4 0.1 0.3", "polygon", CGRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3)),
    ]

    @Test(arguments: lines)
    func yoloLinesKeepTheirShape(text: String, kind: String?, rect: CGRect) throws {
        let label = try YOLOLabelLine(poseValues: nil, pad: 0, strict: false).label(text, file: "a.txt", line: 1).get()
        #expect(label.shape?.kind == kind)
        #expect(abs(label.rect.minX - rect.minX) < 1e-9 && abs(label.rect.maxY - rect.maxY) < 1e-9)
    }

    @Test func anOBBLineIsPaddedInItsOwnFrameAndAPoseLineHasNoShape() throws {
        let padded = try YOLOLabelLine(poseValues: nil, pad: 0.25, strict: false)
            .label("1 0.1 0.2 0.5 0.2 0.5 0.6 0.1 0.6", file: "a.txt", line: 1).get()
        guard case .oriented(let box) = padded.shape else { throw BatchProblem("a.txt", "no box") }
        let frame = box.frame(width: 100, height: 100)
        #expect(abs(frame.width - 60) < 1e-9 && abs(frame.height - 60) < 1e-9)
        #expect(abs(padded.rect.minX - 0) < 1e-9 && abs(padded.rect.width - 0.6) < 1e-9)
        let pose = try YOLOLabelLine(poseValues: 11, pad: 0, strict: false)
            .label("0 0.5 0.5 0.2 0.2 0.4 0.4 2 0.6 0.6 1", file: "p.txt", line: 1).get()
        #expect(pose.shape == nil)
    }

    /// (compressed string, counts): strings pycocotools' `rleToString` wrote (cocoapi's maskApi.c,
    /// compiled here): arbitrary runs, and a polygon rasterized by `rleFrPoly` on a 64 x 48 grid.
    static let compressed: [(String, [Int])] = [
        ("352S1Vo0oNhPO5", [3, 5, 2, 40, 1000, 7, 0, 12]),
        (
            "P;3h16J5K5K6M201O001O00001O001O001O00010O001O001O00001O001O001O00001O001OO1N2N2N2N2N2O1NG",
            [
                352, 3, 56, 9, 50, 14, 45, 19, 40, 25, 37, 27, 37, 28, 36, 28, 36, 29, 35, 29, 35, 29, 35, 30, 34, 30,
                34, 31, 33, 31, 33, 32, 32, 32, 32, 32, 33, 32, 32, 32, 32, 33, 31, 33, 31, 34, 30, 34, 30, 34, 30, 35,
                29, 35, 29, 36, 28, 36, 28, 37, 27, 37, 27, 37, 27, 38, 26, 38, 26, 39, 25, 38, 26, 36, 28, 34, 30, 32,
                32, 30, 34, 28, 36, 27, 37, 25, 28,
            ]
        ),
    ]

    @Test(arguments: compressed)
    func compressedRLEStringsDecodeAsPycocotoolsWroteThem(text: String, counts: [Int]) {
        #expect(COCORunLength.decode(text) == counts)
    }

    @Test func badCompressedStringsAreRefused() {
        #expect(COCORunLength.decode("3 5") == nil)
        #expect(COCORunLength.decode("3o") == nil)
        #expect(COCORunLength.decode("oooooooooooooooooooooooo1") == nil)
        #expect(COCORunLength.decode("") == [])
    }

    /// A COCO file with a two-part polygon, an RLE with listed counts and one compressed, and a bad RLE.
    static let coco = """
        {"images": [{"id": 1, "file_name": "a.jpg", "width": 48, "height": 64}],
         "categories": [{"id": 1, "name": "cat"}],
         "annotations": [
          {"id": 10, "image_id": 1, "category_id": 1, "bbox": [4, 4, 40, 40],
           "segmentation": [[4, 4, 20, 4, 12, 20], [30, 30, 44, 30, 44, 44, 30, 44]]},
          {"id": 11, "image_id": 1, "category_id": 1, "bbox": [0, 0, 48, 64], "iscrowd": 1,
           "segmentation": {"size": [64, 48], "counts": [100, 50, 2922]}},
          {"id": 12, "image_id": 1, "category_id": 1, "bbox": [0, 0, 48, 64], "iscrowd": 1,
           "segmentation": {"size": [64, 48], "counts": "P;3h16J5K5K6M201O001O00001O001O001O00010O001O001O00001O001O001O00001O001OO1N2N2N2N2N2O1NG"}},
          {"id": 13, "image_id": 1, "category_id": 1, "bbox": [0, 0, 4, 4],
           "segmentation": {"size": [64, 48], "counts": [100, 50]}}
         ]}
        """

    @Test func cocoSegmentationsBecomeShapesNormalizedOverTheImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coco-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/instances.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.coco.utf8))
        let options = DatasetOptions(
            pad: 0, square: false, strict: false, only: nil, writes: { _ in true }, shapes: true)
        let (entries, problems) = try COCOReader(annotations: path, images: folder, options: options)
            .entries(outDir: folder + "/out")
        #expect(entries.count == 3)
        guard case .polygon(let polygon) = entries[0].shape else { throw BatchProblem(path, "no polygon") }
        #expect(polygon.parts.count == 2 && polygon.parts[1][2] == CGPoint(x: 44.0 / 48, y: 44.0 / 64))
        guard case .mask(let listed) = entries[1].shape, case .mask(let packed) = entries[2].shape else {
            throw BatchProblem(path, "no masks")
        }
        #expect(
            listed.width == 48 && listed.height == 64
                && listed.bounds == PixelRect(left: 1, top: 0, width: 2, height: 64))
        #expect(packed.counts == Self.compressed[1].1)
        #expect(problems.count == 1 && problems[0].description.contains("segmentation"))
        #expect(problems[0].description.contains("annotation 13"))
        let plain = DatasetOptions(pad: 0, square: false, strict: false, only: nil, writes: { _ in true })
        let boxes = try COCOReader(annotations: path, images: folder, options: plain).entries(outDir: folder + "/out")
        #expect(boxes.entries.count == 4 && boxes.entries.allSatisfy { $0.shape == nil })
    }

    @Test func aShapeOverTheStoredPixelsIsTurnedToTheDisplayedPhoto() throws {
        let polygon = try #require(
            PolygonShape(parts: [[CGPoint(x: 0.1, y: 0.2), CGPoint(x: 0.3, y: 0.2), CGPoint(x: 0.2, y: 0.5)]]))
        guard
            case .polygon(let turned) = AnnotationFrame.displayedShape(ofStored: .polygon(polygon), orientation: .right)
        else { throw BatchProblem("shape", "not a polygon") }
        // Turned a quarter clockwise: stored (s, t) shows at (1 - t, s).
        #expect(
            turned.parts[0].map { CGPoint(x: ($0.x * 10).rounded() / 10, y: ($0.y * 10).rounded() / 10) } == [
                CGPoint(x: 0.8, y: 0.1), CGPoint(x: 0.8, y: 0.3), CGPoint(x: 0.5, y: 0.2),
            ])
        let mask = try #require(RunLengthMask(width: 3, height: 2, counts: [1, 1, 4]))
        guard case .mask(let shown) = AnnotationFrame.displayedShape(ofStored: .mask(mask), orientation: .right) else {
            throw BatchProblem("shape", "not a mask")
        }
        // Stored pixel (0, 1) (bottom left) shows at the top left of the 2 x 3 displayed photo.
        #expect(
            shown.width == 2 && shown.height == 3 && shown.bounds == PixelRect(left: 0, top: 0, width: 1, height: 1))
    }
}
