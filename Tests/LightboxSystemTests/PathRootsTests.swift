import Foundation
import LightboxSystem
import Testing

/// Where a path leads, against the roots: `..`, absolute paths, links in and out of a root, names
/// that do not exist yet; then the opens and folder making that happen where files are used,
/// which refuse a path changed after the check.
@Suite struct PathRootsTests {
    /// A tree for one test: `base/root` (the root) and `base/outside`, with links between them.
    final class Tree {
        /// The folder holding both, links resolved.
        let base: String
        /// The root's real path.
        var root: String { base + "/root" }
        /// The roots: `root` for reading and writing.
        let roots: PathRoots

        /// Makes the tree.
        init() throws {
            let made = FileManager.default.temporaryDirectory.appendingPathComponent("roots-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: made + "/root/in", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: made + "/outside", withIntermediateDirectories: true)
            base = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
            for file in ["root/in/a.png", "outside/secret.png"] {
                try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/" + file))
            }
            let links = [
                ("root/in/out.png", "../../outside/secret.png"), ("root/in/in.png", base + "/root/in/a.png"),
                ("root/in/absout.png", base + "/outside/secret.png"), ("root/dirout", "../outside"),
                ("root/dirin", "in"), ("root/loop", "loop"), ("root/in/dangling.png", "../../outside/new.png"),
            ]
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(atPath: base + "/" + link, withDestinationPath: target)
            }
            let root = try PathRoots.Root(base + "/root", option: "--root")
            roots = PathRoots(read: [root], write: [root])
        }

        deinit {
            try? FileManager.default.removeItem(atPath: base)
        }

        /// `relative` under `base`.
        func path(_ relative: String) -> String {
            base + "/" + relative
        }
    }

    /// What `problem` says of a path: nil inside, else the rule (and the link), or a system reason.
    @Test(
        arguments: [
            ("root/in/a.png", nil),
            ("root/in/../in/./a.png", nil),
            ("root/../outside/secret.png", "resolves outside the read roots"),
            ("outside/secret.png", "resolves outside the read roots"),
            ("root/in/out.png", "resolves outside the read roots (--root ROOT) through a symbolic link"),
            ("root/in/in.png", nil),
            ("root/in/absout.png", "through a symbolic link"),
            ("root/dirout/secret.png", "through a symbolic link"),
            ("root/dirin/a.png", nil),
            ("root/dirout/../root/in/a.png", nil),
            ("root/loop", "Too many levels of symbolic links"),
            ("root/in/a.png\u{0}/../../../outside/secret.png", "a path may not hold a NUL byte"),
        ] as [(String, String?)])
    func inputsResolveAsTheKernelWould(path: String, expected: String?) throws {
        let tree = try Tree()
        let problem = tree.roots.problem(tree.path(path), for: .read)
        guard let expected else {
            #expect(problem == nil, "\(path): \(problem?.reason ?? "")")
            return
        }
        #expect(problem?.path == tree.path(path))
        #expect(problem?.reason.contains(expected.replacingOccurrences(of: "ROOT", with: tree.root)) == true, "\(path)")
    }

    @Test(arguments: [
        ("root/new/deeper/x.png", true),
        ("root/new/../x.png", true),
        ("root/new/../../outside/x.png", false),
        ("root/dirout/new/x.png", false),
        ("root/in/dangling.png", false),
        ("root", true),
        ("outside/x.png", false),
    ])
    func outputsThatDoNotExistYetAreJudgedByWhereTheyWouldBe(path: String, inside: Bool) throws {
        let tree = try Tree()
        #expect((tree.roots.problem(tree.path(path), for: .write) == nil) == inside, "\(path)")
    }

    @Test func foldersAreMadeOnlyInside() throws {
        let tree = try Tree()
        try tree.roots.makeFolder(tree.path("root/out/a/b"), for: tree.path("root/out/a/b/x.png"))
        #expect(FileManager.default.fileExists(atPath: tree.path("root/out/a/b")))
        #expect(throws: PathError.self) {
            try tree.roots.makeFolder(tree.path("root/dirout/made"), for: tree.path("root/dirout/made/x.png"))
        }
        #expect(!FileManager.default.fileExists(atPath: tree.path("outside/made")))
    }

    @Test func filesAreOpenedOnlyInside() throws {
        let tree = try Tree()
        let descriptor = try tree.roots.openFile(tree.path("root/dirin/in.png"))
        close(descriptor)
        #expect(throws: PathError(tree.path("root/in"), "is a folder, not an image")) {
            try tree.roots.openFile(tree.path("root/in"))
        }
        #expect(throws: PathError(tree.path("root/in/none.png"), "cannot open: No such file or directory")) {
            try tree.roots.openFile(tree.path("root/in/none.png"))
        }
        #expect(throws: PathError.self) { try tree.roots.openFile(tree.path("root/in/out.png")) }
    }

    @Test func aFolderSwappedForALinkAfterTheCheckIsRefusedWhereItIsOpened() throws {
        let tree = try Tree()
        try FileManager.default.createDirectory(atPath: tree.path("root/swap"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: tree.path("root/swap/secret.png")))
        let input = tree.path("root/swap/secret.png")
        #expect(tree.roots.problem(input, for: .read) == nil)
        #expect(tree.roots.problem(tree.path("root/swap/x.png"), for: .write) == nil)
        try FileManager.default.removeItem(atPath: tree.path("root/swap"))
        try FileManager.default.createSymbolicLink(atPath: tree.path("root/swap"), withDestinationPath: "../outside")
        let rule = "resolves outside the read roots (--root \(tree.root)) through a symbolic link"
        #expect(throws: PathError(input, rule)) { try tree.roots.openFile(input) }
        #expect(throws: PathError.self) { try tree.roots.openFolder(of: tree.path("root/swap/x.png")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("outside")).sorted() == ["secret.png"])
    }
}
