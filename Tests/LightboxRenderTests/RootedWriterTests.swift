import Foundation
import LightboxRender
import LightboxSystem
import Testing
import Vips

/// `AtomicWriter` under roots: it writes through the output's folder as the rooted walk opened
/// it, and refuses a folder swapped for a link leading out after the supervisor's check.
@Suite struct RootedWriterTests {
    /// A folder (links resolved) holding `root`, with `in`, `out`, `swap` and the link `dirin` to
    /// `in`, and `outside`; the roots are `root` for reading and writing.
    static func tree() throws -> (base: String, roots: PathRoots) {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)").path
        for folder in ["root/in", "root/out", "root/swap", "outside"] {
            try FileManager.default.createDirectory(atPath: made + "/" + folder, withIntermediateDirectories: true)
        }
        let base = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
        try FileManager.default.createSymbolicLink(atPath: base + "/root/dirin", withDestinationPath: "in")
        let root = try PathRoots.Root(base + "/root", option: "--root")
        return (base, PathRoots(read: [root], write: [root]))
    }

    @Test func aWriterWithRootsWritesThroughTheFolderItOpened() throws {
        let (base, roots) = try RootedWriterTests.tree()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let writer = AtomicWriter(options: SaveOptions(force: false), roots: roots)
        let output = base + "/root/dirin/../out/x.png"
        try writer.write(try VImage.filled(width: 3, height: 2, color: [9, 90, 200]), to: output, input: nil)
        let written = try VImage.load(base + "/root/out/x.png")
        #expect(written.width == 3 && written.height == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/root/out") == ["x.png"])
        #expect(throws: RenderError(output, "output exists (use --force to replace it)")) {
            try writer.write(try VImage.filled(width: 3, height: 2, color: [1, 2, 3]), to: output, input: nil)
        }
    }

    @Test func aFolderSwappedForALinkAfterTheCheckIsNotWrittenThrough() throws {
        let (base, roots) = try RootedWriterTests.tree()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let output = base + "/root/swap/x.png"
        #expect(roots.problem(output, for: .write) == nil)
        try FileManager.default.removeItem(atPath: base + "/root/swap")
        try FileManager.default.createSymbolicLink(atPath: base + "/root/swap", withDestinationPath: "../outside")
        let writer = AtomicWriter(options: SaveOptions(force: false), roots: roots)
        let rule = "resolves outside the write roots (--root \(base)/root) through a symbolic link"
        #expect(throws: RenderError(output, rule)) {
            try writer.write(try VImage.filled(width: 2, height: 2, color: [9]), to: output, input: nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/outside").isEmpty)
    }
}
