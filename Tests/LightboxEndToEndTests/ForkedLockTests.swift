import Foundation
import Testing
import Vips

/// A forked worker's threads share Swift's locks safely: Swift on Linux names a lock's owner by a
/// thread id each thread caches, and a forked child's first thread inherits its parent's, so a
/// lock that thread held while another waited was never handed over (a board drawn in a worker
/// hung in a `static let`'s one-time initialisation, one run in ten). A debug build's
/// `LIGHTBOX_FAULT=contend:FILE` makes the worker start a one-time initialisation on its serving
/// thread that a second thread waits for, as it starts on FILE.
@Suite(.processes) struct ForkedLockTests {
    @Test(arguments: [["crop", "a.jpg", "--rect", "0.25,0.25,0.5,0.5", "-o", "out.png"]])
    func aLockHeldByTheServingThreadIsHandedToAWaitingThread(arguments: [String]) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let result = try CommandRunner.run(
            arguments + ["--timeout", "20"], in: scratch.url, environment: ["LIGHTBOX_FAULT": "contend:a.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(try VImage.load(scratch.path("out.png")).width > 0)
    }

    /// A board's photo decoded in a worker meets the same lock, and the board is drawn.
    @Test func aBoardsPhotoWorkerHandsItsLockOnToo() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg"])
        let result = try CommandRunner.run(
            [
                "board", "a.jpg", "b.jpg", "a.jpg", "--size", "300x200", "-o", "b.png", "--timeout", "20", "--jobs",
                "2",
            ],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "contend:b.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try VImage.load(scratch.path("b.png")).width == 300)
    }
}
