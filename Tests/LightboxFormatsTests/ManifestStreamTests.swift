import Foundation
import Testing

@testable import LightboxFormats

/// A manifest read a chunk at a time gives the lines, numbers and problems the whole file gives,
/// however its reads cut it: through quoted line breaks, CRLF and lone CR, a BOM, blank lines and
/// lines that are not text.
@Suite struct ManifestStreamTests {
    /// (file name, bytes): manifests whose records a careless cut would break.
    static let manifests: [(String, [UInt8])] = [
        ("plain.csv", Array("input,x,y,width,height,output\na.jpg,0,0,1,1,a1.jpg\nb.jpg,0.1,0.2,0.3,0.4,b.png\n".utf8)),
        (
            "quoted.csv",
            Array(
                "\u{FEFF}input,x,y,width,height,output\n\"a\nb.jpg\",0,0,1,1,\"x,\"\"y\"\".jpg\"\r\nc.jpg,0,0,1,1,c.jpg\r\n"
                    .utf8)
        ),
        ("cr.csv", Array("input,x,y,width,height\ra.jpg,0,0,1,1\r\rb.jpg,0,0,1,x\r".utf8)),
        (
            "mid-quote.csv",
            Array("input,x,y,width,height,output\nx\"y.jpg,0,0,1,1,a.jpg\n\"p\nq.jpg\",0,0,1,1,b.jpg\n".utf8)
        ),
        (
            "bytes.csv",
            Array("input,x,y,width,height\n".utf8) + Array("b".utf8) + [0xFF]
                + Array(".jpg,0,0,1,1\n\n\nc.jpg,0,0,1,1".utf8)
        ),
        (
            "lines.jsonl",
            Array(
                "\n{\"input\":\"a.jpg\",\"rect\":\"0,0,1,1\"}\n\n{\"input\":\"b\\\"c.jpg\",\"rect\":[0,0,1,1]}\r\n{oops}\n"
                    .utf8)
        ),
        ("sniffed", Array("  \n{\"input\":\"a.jpg\",\"rect\":\"0,0,1,1\",\"output\":\"o.jpg\"}".utf8)),
        ("empty.jsonl", []),
    ]

    /// Each line as text: its entry's fields or its problem.
    static func described(_ lines: [ManifestReader.Line]) -> [String] {
        lines.map { line in
            switch line {
            case .success(let entry): "\(entry.line) \(entry.input) \(entry.rect) \(entry.output ?? "-")"
            case .failure(let problem): problem.description
            }
        }
    }

    @Test(arguments: manifests, [1, 2, 3, 7, 64, 1 << 20])
    func chunksGiveTheWholeFilesLines(manifest: (String, [UInt8]), read: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(manifest.0).path
        try Data(manifest.1).write(to: URL(fileURLWithPath: path))
        let whole = try ManifestReader.parse(Data(manifest.1), path: path)
        let stream = try ManifestStream(path: path, reads: (read, read))
        var chunks: [[ManifestReader.Line]] = []
        while let chunk = try stream.next() { chunks.append(chunk) }
        #expect(Self.described(chunks.flatMap { $0 }) == Self.described(whole))
        #expect(stream.consumed == manifest.1.count)
        #expect(chunks.allSatisfy { !$0.isEmpty })
    }

    /// A manifest shorter than the first read is one chunk, its last line with the others (a
    /// chunk of its own would make its input's lines two jobs).
    @Test(arguments: manifests.filter { !$0.1.isEmpty })
    func aShortManifestIsOneChunk(manifest: (String, [UInt8])) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("one-\(UUID().uuidString)")
            .appendingPathExtension((manifest.0 as NSString).pathExtension).path
        try Data(manifest.1).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stream = try ManifestStream(path: path)
        var chunks = 0
        while try stream.next() != nil { chunks += 1 }
        #expect(chunks == 1)
    }

    @Test func aCSVWithNoHeaderIsEmptyHoweverItIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("blank-\(UUID().uuidString).csv").path
        try Data(" \n\n  \n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: BatchProblem(path, "the manifest is empty")) {
            let stream = try ManifestStream(path: path, reads: (2, 2))
            while try stream.next() != nil {}
        }
    }

    @Test(arguments: [
        ("a\"b,c\nd", false, 6), ("\"a\nb\",c\nd", false, 8), ("\"a\"\"\nb\"\r\nx", false, 9),
        ("a\r\nb", false, 3), ("a\rb", false, 2), ("{\"a\":\"b,\\\"\"}\nx", true, 13),
    ])
    func recordsEndOutsideQuotes(text: String, jsonLines: Bool, end: Int) {
        var boundary = RecordBoundary(jsonLines: jsonLines)
        boundary.scan(Array(text.utf8))
        #expect(boundary.lastEnd == end)
    }
}
