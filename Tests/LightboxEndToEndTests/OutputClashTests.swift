import Foundation
import Testing
import Vips

/// Every file a run writes is checked against the others and against the inputs before any work.
@Suite(.processes) struct OutputClashTests {
    @Test(arguments: [
        (["--preview", "crop-{n}.jpg"], "preview"),
        (["--contact-sheet", "crop-1.jpg"], "contact sheet"),
        (["--report", "crop-2.jpg"], "report"),
    ])
    func aClashIsAUsageErrorBeforeAnyWork(extra: [String], role: String) throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        let arguments = [
            "crop", "in.png", "--rect", "0,0,0.5,0.5", "--rect", "0.5,0.5,0.5,0.5", "-o", "crop-{n}.jpg", "--force",
        ]
        let result = try CommandRunner.run(arguments + extra, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(role) '"), "\(result.stderr)")
        #expect(try scratch.contents() == ["in.png"])
    }

    @Test func anOutputOverAnInputIsAUsageError() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        let result = try CommandRunner.run(
            ["crop", "in.png", "--rect", "0,0,0.5,0.5", "-o", "./in.png", "--force"], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: output './in.png' is the input 'in.png'"))
    }

    @Test func aContactSheetCanBeWrittenAgainWithForce() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        let arguments = [
            "crop", "in.png", "--rect", "0,0,0.5,0.5", "-o", "crop.png", "--contact-sheet", "sheet.jpg", "--force",
        ]
        for _ in 0..<2 {
            let result = try CommandRunner.run(arguments, in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try VImage.load(scratch.path("sheet.jpg")).width > 0)
    }
}

/// A board never replaces one of its photos: the same usage error as `crop` gives.
@Suite(.processes) struct BoardClashTests {
    @Test func aBoardOverOneOfItsPhotosIsAUsageError() throws {
        let scratch = try Scratch()
        let photo = try scratch.copy(URL(fileURLWithPath: ViewHelpers.photo), as: "a.jpg")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let result = try CommandRunner.run(["board", photo, "--size", "200x200", "-o", photo, "--force"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: output '\(photo)' is the input"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
    }
}
