import Foundation
import Testing

/// Every suite of this target starts processes, so every one carries the time limit that turns
/// a hang into a failure (`.processes`); a suite added without it fails here.
@Suite(.processes) struct SuiteTimeLimitTests {
    @Test func everySuiteHasTheTimeLimit() throws {
        let folder = CommandRunner.root.appendingPathComponent("Tests/LightboxEndToEndTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
                #expect(line.contains(".processes"), "\(file): \(line)")
            }
        }
    }
}
