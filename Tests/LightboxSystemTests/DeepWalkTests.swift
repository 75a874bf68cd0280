import Foundation
import LightboxSystem
import Testing

/// A walk through more folders than it holds descriptors for: `..` back past the ones let go
/// still leads where the kernel would, folders made on the way are told one by one, and a made
/// folder is removed again only while it is empty and still the one made.
@Suite struct DeepWalkTests {
    /// `count` parts named `name`, joined with `/`.
    static func chain(_ name: String, _ count: Int) -> String {
        Array(repeating: name, count: count).joined(separator: "/")
    }

    @Test(arguments: [1, 3, 4, 5, 12])
    func climbingBackPastTheFoldersLetGoLeadsWhereTheKernelWould(depth: Int) throws {
        let tree = try PathRootsTests.Tree()
        try tree.roots.makeFolder(tree.path("root/" + Self.chain("d", depth)), for: "deep")
        let climb = Self.chain("d", depth) + "/" + Self.chain("..", depth)
        let descriptor = try tree.roots.openFile(tree.path("root/\(climb)/in/a.png"))
        close(descriptor)
        let outside = tree.path("root/\(climb)/../outside/secret.png")
        #expect(tree.roots.problem(outside, for: .read) != nil)
        #expect(tree.roots.problem(tree.path("root/\(climb)/in/../in/a.png"), for: .read) == nil)
    }

    @Test func eachFolderMadeIsToldOutermostFirstAndNoneThatWasThere() throws {
        let tree = try PathRootsTests.Tree()
        var made: [MadeFolder] = []
        let real = try tree.roots.makeFolder(tree.path("root/in/" + Self.chain("m", 7)), for: "x") { made.append($0) }
        #expect(real == tree.path("root/in/" + Self.chain("m", 7)))
        #expect(made.map(\.path) == (1...7).map { tree.path("root/in/" + Self.chain("m", $0)) })
        var again: [MadeFolder] = []
        try tree.roots.makeFolder(tree.path("root/in/" + Self.chain("m", 8)), for: "x") { again.append($0) }
        #expect(again.map(\.path) == [tree.path("root/in/" + Self.chain("m", 8))])
    }

    @Test(arguments: [true, false])
    func aMadeFolderIsRemovedOnlyWhenEmptyAndStillTheOneMade(rooted: Bool) throws {
        let tree = try PathRootsTests.Tree()
        var made: [MadeFolder] = []
        try tree.roots.makeFolder(tree.path("root/a/b"), for: "x") { made.append($0) }
        let roots = rooted ? tree.roots : nil
        try Data("x".utf8).write(to: URL(fileURLWithPath: tree.path("root/a/b/kept.png")))
        #expect(!made[1].remove(through: roots))
        // Made while the first is still there, so it cannot be given the freed inode.
        try FileManager.default.createDirectory(atPath: tree.path("root/other"), withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: tree.path("root/a/b"))
        try FileManager.default.moveItem(atPath: tree.path("root/other"), toPath: tree.path("root/a/b"))
        #expect(!made[1].remove(through: roots), "another folder was moved in under its name")
        try FileManager.default.removeItem(atPath: tree.path("root/a/b"))
        #expect(made[0].remove(through: roots))
        #expect(!FileManager.default.fileExists(atPath: tree.path("root/a")))
        #expect(FileManager.default.fileExists(atPath: tree.path("root/in/a.png")))
    }
}
