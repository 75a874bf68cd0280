import Testing

@testable import LightboxYAML

/// The YAML reader against documents written the ways data.yaml files are written.
@Suite struct YAMLParserTests {
    /// Parses `text`, failing the test on an error.
    static func root(_ text: String) throws -> YAMLNode {
        try #require(try YAMLParser.parse(Array(text.utf8)))
    }

    @Test(arguments: [
        ("names: [cat, 'dog', \"bird\"]\n", ["cat", "dog", "bird"]),
        ("names:\n  - cat  # a comment\n  - 'dog # not a comment'\n", ["cat", "dog # not a comment"]),
        ("# header\nnames:\n- a b\n- \"ünï\"\n", ["a b", "ünï"]),
        ("names: &n [x, y]\nother: *n\n", ["x", "y"]),
    ])
    func sequences(text: String, expected: [String]) throws {
        let names = try #require(try Self.root(text)["names"]?.items)
        #expect(names.map(\.text) == expected)
    }

    @Test func mappingsKeepLinesPlainnessAndOrder() throws {
        let root = try Self.root("path: ../data\nnames:\n  0: cat  # feline\n  '1': dog\n  2: ~\n")
        let pairs = try #require(root["names"]?.pairs)
        #expect(pairs.map(\.key.line) == [3, 4, 5])
        #expect(pairs.map(\.key.integer) == [0, nil, 2])
        #expect(pairs.map(\.value.text) == ["cat", "dog", "~"])
        #expect(pairs[2].value.isNull && !pairs[0].value.isNull)
        #expect(root["path"]?.text == "../data" && root["path"]?.line == 1)
        #expect(root["missing"] == nil)
    }

    @Test func flowMappings() throws {
        let pairs = try #require(try Self.root("names: {0: cat, 1: \"dog\"}\n")["names"]?.pairs)
        #expect(pairs.map(\.key.integer) == [0, 1])
        #expect(pairs.map(\.value.text) == ["cat", "dog"])
    }

    @Test func emptyDocumentHasNoRoot() throws {
        #expect(try YAMLParser.parse(Array("# only a comment\n".utf8)) == nil)
    }

    @Test(arguments: [
        ("names: [cat, dog\n", 2),
        ("a: 1\na: 2\n", 2),
        ("a: 1\n---\nb: 2\n", 2),
        ("names: *nowhere\n", 1),
        ("x: !!python/tuple [1, 2]\n", 1),
        ("a:\n  b: 1\n c: 2\n", 3),
        ("key: \"unterminated\n", 2),
    ])
    func errorsNameTheLine(text: String, line: Int) {
        #expect { try YAMLParser.parse(Array(text.utf8)) } throws: { error in
            (error as? YAMLError)?.line == line
        }
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: YAMLError.self) { try YAMLParser.parse(Array(text.utf8)) }
    }
}
