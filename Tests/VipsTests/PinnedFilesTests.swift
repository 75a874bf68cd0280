import Foundation
import Testing

@testable import Vips

/// A pinned path is read through the descriptor opened on it, whatever the path names later, and
/// messages name the path. (No test here calls `confine()`: it holds for the whole test process.)
@Suite struct PinnedFilesTests {
    /// A fresh folder for one test.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pinned-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes a 4x4 PNG of one grey level at `path`.
    static func grey(_ level: Double, at path: String) throws {
        try VImage.filled(width: 4, height: 4, color: [level]).cast("uchar").save(
            to: path, saver: Vips.saver(for: path))
    }

    @Test func aPinnedPathIsReadThroughItsDescriptorUntilReleased() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/photo.png"
        try Self.grey(40, at: path)
        let pin = PinnedFiles.pin(path, descriptor: open(path, O_RDONLY | O_CLOEXEC))
        // The name now leads to another file, as a swap after the check would make it.
        try Self.grey(200, at: folder + "/other.png")
        #expect(rename(folder + "/other.png", path) == 0)
        #expect(try VImage.load(path).average() == 40)
        #expect(try VImage.thumbnail(path, width: 2, height: 2).average() == 40)
        #expect(try Vips.loader(for: path) == "VipsForeignLoadPngFile")
        PinnedFiles.release(pin)
        #expect(try VImage.load(path).average() == 200)
    }

    @Test func messagesNameThePathNotTheDescriptor() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An empty file: no bytes to say it by, so libvips' own words, which name the file.
        let path = folder + "/empty.png"
        try Data().write(to: URL(fileURLWithPath: path))
        let pin = PinnedFiles.pin(path, descriptor: open(path, O_RDONLY | O_CLOEXEC))
        defer { PinnedFiles.release(pin) }
        do {
            _ = try VImage.load(path)
            Issue.record("an empty file loaded")
        } catch {
            #expect(error.message.contains(path), "\(error.message)")
            #expect(!error.message.contains("/proc/self/fd/"), "\(error.message)")
        }
    }

    @Test func aTextFileIsSaidToBeNoImageWithoutTheDescriptor() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
        let pin = PinnedFiles.pin(path, descriptor: open(path, O_RDONLY | O_CLOEXEC))
        defer { PinnedFiles.release(pin) }
        let error = #expect(throws: VipsError.self) { try VImage.load(path) }
        #expect(error?.message == "is not an image (it starts with text)", "\(error?.message ?? "")")
    }
}
