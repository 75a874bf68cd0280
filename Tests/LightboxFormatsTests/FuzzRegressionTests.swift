import Foundation
import LightboxFuzzTargets
import Testing

/// Replays the fuzz seeds and every input the fuzzer ever found (Fuzz/Seeds, Fuzz/Regressions) through its parser.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// (target, file) for every stored input.
    static let inputs: [(String, URL)] = {
        var found: [(String, URL)] = []
        for folder in ["Fuzz/Seeds", "Fuzz/Regressions"] {
            for target in FuzzTargets.names {
                let directory = root.appendingPathComponent("\(folder)/\(target)")
                let files =
                    (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
                found += files.filter { !$0.lastPathComponent.hasPrefix(".") }.map { (target, $0) }
            }
        }
        return found.sorted { $0.1.path < $1.1.path }
    }()

    @Test func everyTargetHasSeeds() {
        #expect(Set(Self.inputs.map(\.0)) == Set(FuzzTargets.names))
    }

    @Test(arguments: inputs)
    func storedInputParsesWithoutCrashing(target: String, file: URL) throws {
        FuzzTargets.run(target, try Data(contentsOf: file))
    }
}
