import Foundation
import Testing

/// Errors keep their reason: why a file cannot be read, that a name has no extension, and
/// where and why an XML file is malformed.
@Suite(.processes) struct ErrorReasonTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")
    static let extensions = "jpg, jpeg, png, webp, tif, tiff, gif, avif, heic"

    @Test func anUnreadableManifestSaysWhy() throws {
        let scratch = try Scratch()
        let missing = scratch.path("missing.csv")
        var result = try CommandRunner.run(["crop", "--manifest", missing, "--out-dir", scratch.path("out")])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("error: \(missing): cannot read the manifest: No such file or directory"),
            "\(result.stderr)")
        result = try CommandRunner.run(["view", "--manifest", missing, "--out-dir", scratch.path("out")])
        #expect(
            result.stderr.contains("\(missing): cannot read the manifest: No such file or directory"),
            "\(result.stderr)")
        try FileManager.default.createDirectory(atPath: scratch.path("data.yaml"), withIntermediateDirectories: true)
        result = try CommandRunner.run(["crop", "--yolo", scratch.path("data.yaml"), "--out-dir", scratch.path("out")])
        #expect(result.stderr.contains("cannot read the dataset file: Is a directory"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["crop", "IN", "--rect", "0,0,1,1", "-o", "noext"],
        ["view", "IN", "--device", "iphone-15", "-o", "noext"],
        ["board", "IN", "-o", "noext"],
    ])
    func aNameWithoutAnExtensionIsSaidToHaveNone(arguments: [String]) throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        let result = try CommandRunner.run(arguments.map { $0 == "IN" ? input : $0 }, in: scratch.url)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: -o 'noext': the name has no extension to choose the format by (use \(Self.extensions))\n"),
            "\(result.stderr)")
    }

    @Test func aMalformedVOCFileGivesLineColumnAndTheParsersWords() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "img/a.png")
        try scratch.write(
            "<annotation>\n<filename>a.png</filename>\n<object><name>cat</name>\n</annotation>\n", to: "ann/a.xml")
        try scratch.write(
            "<annotation>\n<filename>a.png</filename>\n  <object><name>cat & dog</name></object>\n</annotation>\n",
            to: "ann/b.xml")
        let result = try CommandRunner.run([
            "crop", "--voc", scratch.path("ann"), "--images", scratch.path("img"), "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 1)
        let ann = scratch.path("ann")
        #expect(
            result.stderr.contains(
                "error: \(ann)/a.xml:4: not well-formed XML at column 14: Opening and ending tag mismatch: object line 3 and annotation\n"
            ), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: \(ann)/b.xml:3: not well-formed XML at column 22: xmlParseEntityRef: no name\n"),
            "\(result.stderr)")
    }
}
