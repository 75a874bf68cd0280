import Foundation

/// The hostile-input corpus, made by Tests/HostileCorpus/make-corpus.py into a scratch folder.
enum HostileCorpus {
    /// Makes the corpus in `scratch` and returns its folder.
    static func make(in scratch: Scratch) throws -> String {
        let folder = scratch.path("corpus")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", CommandRunner.root.appendingPathComponent("Tests/HostileCorpus/make-corpus.py").path,
            folder, CommandRunner.fixtures.path,
            CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return folder
    }

    /// Inputs that are valid images: (name, output width) for a full crop.
    static let good: [(String, Int)] = [("one.png", 1), ("cmyk.jpg", 300), ("deep16.png", 320), ("animated.gif", 2)]

    /// Inputs that must fail with an error naming them.
    static let bad = ["empty.jpg", "truncated.jpg", "badcrc.png", "text.jpg", "folder.jpg", "bomb.png", "dangling.jpg"]

    /// Whether this process may mount a tmpfs (root in CI), for full-disk and read-only cases.
    static let canMount: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-mount-\(UUID().uuidString)")
            .path
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]) == 0 else { return false }
        return run("/bin/umount", [probe]) == 0
    }()

    /// Runs a system tool and returns its exit status.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
