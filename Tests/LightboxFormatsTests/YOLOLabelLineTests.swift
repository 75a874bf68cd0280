import Foundation
import LightboxFormats
import Testing

/// YOLO label lines (boxes, polygons, oriented boxes, pose) against hand-computed rects.
@Suite struct YOLOLabelLineTests {
    /// (label line, pad, pose values, expected class and x, y, width, height), worked out by hand.
    static let boxes: [(String, Double, Int?, Int, [Double])] = [
        ("0 0.5 0.5 0.2 0.4", 0, nil, 0, [0.4, 0.3, 0.2, 0.4]),
        ("3 0.25 0.75 0.5 0.5", 0, nil, 3, [0, 0.5, 0.5, 0.5]),
        // pad 0.25: each side moves out by a quarter of the box: 0.2 wide becomes 0.3.
        ("1 0.5 0.5 0.2 0.4", 0.25, nil, 1, [0.35, 0.2, 0.3, 0.6]),
        // A padded box at the edge is clipped to the image.
        ("2 0.1 0.1 0.2 0.2", 0.5, nil, 2, [0, 0, 0.3, 0.3]),
        // A sixth value (a confidence) is ignored.
        ("0 0.5 0.5 1 1 0.93", 0, nil, 0, [0, 0, 1, 1]),
        // A segmentation triangle: its bounding box.
        ("4 0.2 0.3 0.6 0.1 0.5 0.7", 0, nil, 4, [0.2, 0.1, 0.4, 0.6]),
        // An oriented box (4 corners, a diamond): its bounding box.
        ("5 0.5 0.2 0.8 0.5 0.5 0.8 0.2 0.5", 0, nil, 5, [0.2, 0.2, 0.6, 0.6]),
        // A polygon padded by 0.5: 0.4 wide grows by 0.2 each side, then clipped at 0.
        ("6 0.1 0.1 0.5 0.1 0.5 0.3", 0.5, nil, 6, [0, 0, 0.7, 0.4]),
        // A pose line (kpt_shape [2, 3]): the box, keypoints ignored.
        ("0 0.5 0.5 0.2 0.2 0.1 0.1 2 0.9 0.9 1", 0, 11, 0, [0.4, 0.4, 0.2, 0.2]),
    ]

    @Test(arguments: boxes)
    func boxesAndPolygons(line: String, pad: Double, pose: Int?, classID: Int, expected: [Double]) throws {
        let reader = YOLOLabelLine(poseValues: pose, pad: pad, strict: false)
        let (id, rect) = try reader.parse(line, file: "a.txt", line: 1).get()
        #expect(id == classID)
        let values = [rect.minX, rect.minY, rect.width, rect.height].map { (Double($0) * 1e9).rounded() / 1e9 }
        #expect(values == expected)
    }

    @Test(
        arguments: [
            (
                "0 0.5 0.5 0.2", nil,
                "a.txt:4: expected 'class cx cy w h' or 'class x1 y1 x2 y2 x3 y3 ...' (3 or more points), got 4 values"
            ),
            (
                "0 0.1 0.1 0.2 0.2 0.3 0.3 0.4", nil,
                "a.txt:4: expected 'class cx cy w h' or 'class x1 y1 x2 y2 x3 y3 ...' (3 or more points), got 8 values"
            ),
            ("x 0.5 0.5 0.2 0.2", nil, "a.txt:4: class: 'x' is not a class id"),
            ("-1 0.5 0.5 0.2 0.2", nil, "a.txt:4: class: '-1' is not a class id"),
            ("0 0.5 abc 0.2 0.2", nil, "a.txt:4: cy: 'abc' is not a number"),
            ("0 0.5 0.5 0.2 0.2 0.3 nan", nil, "a.txt:4: y3: 'nan' is not a number"),
            ("0 2 2 0.2 0.2", nil, "a.txt:4: box: the rect lies outside the image (it must overlap 0...1)"),
            ("0 0.5 0.5 0 0.2", nil, "a.txt:4: box: the rect has zero width"),
            ("0 0.5 0.5 0.2 0", nil, "a.txt:4: box: the rect has zero height"),
            ("0 0.5 0.5 0.2 0.2", 11, "a.txt:4: expected 11 values for a pose line (kpt_shape), got 5"),
        ] as [(String, Int?, String)])
    func badLines(line: String, pose: Int?, message: String) {
        let reader = YOLOLabelLine(poseValues: pose, pad: 0, strict: false)
        guard case .failure(let problem) = reader.parse(line, file: "a.txt", line: 4) else {
            Issue.record("'\(line)' was accepted")
            return
        }
        #expect(problem.description == message)
    }

    @Test(arguments: [
        ("/d/images/train/a.jpg", "/d/labels/train/a.txt"),
        ("/d/images/x/images/b.v2.png", "/d/images/x/labels/b.v2.txt"),
        ("/d/pics/c.jpg", "/d/pics/c.txt"),
        ("/d/images/noext", "/d/labels/noext.txt"),
    ])
    func labelPathsFollowUltralytics(image: String, label: String) {
        #expect(YOLOImages.labelPath(of: image) == label)
    }
}
