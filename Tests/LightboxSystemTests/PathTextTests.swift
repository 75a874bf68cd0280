import Foundation
import Testing

@testable import LightboxSystem

/// `PathText.folder` gives what `NSString.deletingLastPathComponent` gives, and a one-character
/// name (on which Foundation stops the process) gives the empty folder.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("a/b", "a"), ("/a", "/"), ("/", "/"), ("a", ""), ("b", ""), ("", ""), ("a/b/", "a"), ("/a/b/c.png", "/a/b"),
        ("a//b", "a"), ("./x.jpg", "."), ("../x", ".."), ("out/x.png", "out"),
    ])
    func theFolderOfAPath(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder)
    }

    /// Where Foundation does not trap, the two agree.
    @Test(arguments: ["a/b", "/a", "/", "ab", "a/b/", "/a/b/c.png", "a//b", "./x.jpg", "../x", "//a"])
    func asFoundationSaysIt(path: String) {
        #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent)
    }
}
