import Foundation
import Testing
import Vips

@testable import LightboxRender

/// An error names its file once: where libvips' message starts with the path (a HEIF file's
/// `x.heic: bad seek to N`), that path is not said again after `path: `; nor are libvips' class
/// names (`PlainReason`).
@Suite struct RenderErrorTests {
    @Test(arguments: [
        (
            "x.heic", "x.heic: bad seek to 18812; heifload: bad image dimensions on decode",
            "bad seek to 18812; heifload: bad image dimensions on decode"
        ),
        (
            "/in/x.heic",
            "VipsForeignLoadHeifFile: /in/x.heic: bad seek to 9; /in/x.heic: bad seek to 7; heif: Invalid",
            "bad seek to 9; bad seek to 7; heif: Invalid"
        ),
        ("x.heic", "thumbnail: x.heic: bad seek to 9", "thumbnail: bad seek to 9"),
        ("x.heic", "y.heic: bad seek to 9", "y.heic: bad seek to 9"),
        (
            "x.png", "VipsForeignLoad: \"x.png\" is not a known file format", "is not an image"
        ),
        ("x.jpg", "copy to memory: VipsJpeg: x.jpg: odd", "copy to memory: x.jpg: odd"),
        ("x", "xy: z", "xy: z"),
    ])
    func thePathIsNotSaidTwice(path: String, message: String, reason: String) {
        let error = RenderError(path, message)
        #expect(error.reason == reason)
        #expect(error.description == "\(path): \(reason)")
    }

    @Test func libvipsOwnMessageAboutACutFileNamesItOnce() throws {
        // grid-plain.heic cut before its tiles: libvips' messages start with the path.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/heif/grid-plain.heic")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).heic").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(contentsOf: fixture).prefix(12_000).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: RenderError.self) {
            try RenderError.catching(path) { () throws(VipsError) in try VImage.load(path) }
        }
        #expect(error?.reason.hasPrefix("bad seek to ") == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains(path) == false, "\(error?.reason ?? "")")
    }
}
