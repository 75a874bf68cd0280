import Foundation
import LightboxFormats
import Testing

/// The streaming COCO reader: skipped values of every kind, escapes, and errors with lines.
@Suite struct COCOFileTests {
    /// Reads `text` as a COCO file written to a temporary path.
    static func read(_ text: String) throws(BatchProblem) -> COCOFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("coco-\(UUID().uuidString).json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try COCOFile(path: path)
    }

    @Test func skippedValuesOfEveryKindAndEscapes() throws {
        let file = try Self.read(
            """
            {"info": {"s": "a\\"]}", "n": -1.5e3, "t": true, "z": null, "deep": [[[{}]], []]},
             "licenses": "x", "images": [{"id": 7, "file_name": "caf\\u00e9 1.png", "width": 4, "height": 3, "extra": [1, "]"]}],
             "annotations": [{"segmentation": {"counts": "a]b}c", "size": [3, 4]}, "id": 1, "image_id": 7, "category_id": 2,
                              "bbox": [0.5, 1, 2, 1.5e0], "iscrowd": 1}],
             "categories": [{"supercategory": {"a": [1]}, "id": 2, "name": "tab\\tle"}]}
            """)
        #expect(file.images[7]?.fileName == "café 1.png" && file.images[7]?.width == 4)
        #expect(
            file.annotations.count == 1 && file.annotations[0].bbox == CGRect(x: 0.5, y: 1, width: 2, height: 1.5)
                && file.annotations[0].categoryID == 2)
        #expect(file.categories[2]?.name == "tab\tle")
    }

    @Test(arguments: [
        ("{\"images\": [}", "expected an object, found '}'"),
        ("{\"images\": [], \"annotations\": [{\"id\": 1.5}], \"categories\": []}", "id: expected a whole number"),
        ("{\"images\": []\n\"annotations\": []}", "expected ',' or '}' in an object"),
        ("{\"images\": [], \"annotations\": [], \"categories\": []} x", "more text after the JSON object"),
        ("{\"a\": [1, 2", "the JSON ends too early"),
    ])
    func errors(text: String, message: String) {
        #expect { try Self.read(text) } throws: { error in
            (error as? BatchProblem)?.message.contains(message) == true
        }
    }
}
