import Foundation
import LightboxFormats
import Testing

/// `names` and `nc` of data.yaml files written every way, and class names refused as folders.
@Suite struct ClassNamesTests {
    /// The names of `text` as a data.yaml.
    static func names(_ text: String) throws -> [Int: String] {
        try ClassNames.yaml(Data(text.utf8), path: "data.yaml")
    }

    @Test(arguments: [
        ("names: ['cat', \"dog\", bird]\n", [0: "cat", 1: "dog", 2: "bird"]),
        ("path: x\nnames:\n  - cat\n  - dog\nnc: 2\n", [0: "cat", 1: "dog"]),
        ("names:\n  0: person\n  2: car\ntrain: x\n", [0: "person", 2: "car"]),
        ("names:\n  0: cat  # feline\n  1: 'dog # not a comment'\n", [0: "cat", 1: "dog # not a comment"]),
        ("names: {0: cat, 1: dog}\n", [0: "cat", 1: "dog"]),
        ("names: {'0': traffic light, \"1\": \"stop sign\"}\n", [0: "traffic light", 1: "stop sign"]),
        ("nc: 2\n", [0: "class_0", 1: "class_1"]),
        ("names: [Straße, 猫, 'no']\n", [0: "Straße", 1: "猫", 2: "no"]),
    ])
    func names(text: String, expected: [Int: String]) throws {
        #expect(try Self.names(text) == expected)
    }

    @Test(arguments: [
        ("names: [cat, dog\n", "data.yaml:2: while parsing a flow sequence: did not find expected ',' or ']'"),
        ("train: x\n", "data.yaml:1: names: no 'names' (or 'nc') entry"),
        ("names: cat\n", "data.yaml:1: names: expected a list or a mapping of class names, got text"),
        ("names:\n  cat: 0\n", "data.yaml:2: names: 'cat' is not a class id (0, 1, ...)"),
        ("names: [cat, [a, b]]\n", "data.yaml:1: names: class 1: expected a name, got a list"),
        ("names:\n  - cat\n  - ~\n", "data.yaml:3: names: class 1 has no name"),
        (
            "names:\n  - cat\n  - no\n",
            "data.yaml:3: names: class 1 'no' is a boolean to YAML 1.1 readers such as Ultralytics; quote it"
        ),
        ("nc: 3\nnames: [a, b]\n", "data.yaml:1: nc: nc is 3 but names has ids 0, 1"),
        ("nc: two\nnames: [a, b]\n", "data.yaml:1: nc: 'two' is not a class count"),
        ("names: [a, 'b/c']\n", "data.yaml:1: names: class 1 'b/c' cannot be a folder name: it holds '/'"),
        ("names: [a, '..']\n", "data.yaml:1: names: class 1 '..' cannot be a folder name: it is '..'"),
        ("names: ['', b]\n", "data.yaml:1: names: class 0 '' cannot be a folder name: it is empty"),
        ("names:\n  0: a\\b\n", "data.yaml:2: names: class 0 'a\\b' cannot be a folder name: it holds '\\'"),
        (
            "names: [\"a\\tb\"]\n",
            "data.yaml:1: names: class 0 'a\\u{9}b' cannot be a folder name: it holds a control character"
        ),
        ("- a\n- b\n", "data.yaml:1: expected a mapping of keys such as path, train, val and names"),
    ])
    func badNames(text: String, message: String) {
        #expect { try Self.names(text) } throws: { error in
            let description = (error as? BatchProblem)?.description ?? ""
            if description != message { Issue.record("got \(description)") }
            return description == message
        }
    }

    @Test(arguments: ["cat", "traffic light", "ünï", "a.b", "...x"])
    func folderNamesKept(name: String) {
        #expect(ClassNameCheck.flaw(of: name) == nil)
    }
}
