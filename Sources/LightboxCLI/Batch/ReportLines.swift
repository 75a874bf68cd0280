import Foundation

/// The JSON objects of a `--report` file an earlier run wrote, one per line, for `--resume`.
enum ReportLines {
    /// Every line of `path` that is a JSON object with an `output`, as (output, object); none when there is no file.
    static func read(_ path: String) -> [(output: String, object: [String: Any])] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                let output = object["output"] as? String
            else { return nil }
            return (output, object)
        }
    }
}
