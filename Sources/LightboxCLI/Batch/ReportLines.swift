import Foundation
import LightboxFormats

/// The JSON objects of a `--report` file an earlier run wrote, one per line, for `--resume`.
enum ReportLines {
    /// Every line of `path` that is a JSON object with an `output`, as (output, object); none when there is no file.
    static func read(_ path: String) -> [(output: String, object: [String: Any])] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return JSONLines.lines(data).compactMap { line in
            guard case .success(let object) = JSONLines.object(line.text, number: line.number, path: path),
                let output = object["output"] as? String
            else { return nil }
            return (output, object)
        }
    }
}
