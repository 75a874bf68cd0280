import Foundation
import Testing

@testable import Vips

/// When a module loader could take a file from the built-in loader libvips picked without modules.
@Suite struct VipsModulesTests {
    @Test(
        arguments: [
            (nil, "scan.heic", true),
            ("VipsForeignLoadJpegFile", "photo.jpg", false),
            ("VipsForeignLoadPngFile", "photo.png", false),
            ("VipsForeignLoadWebpFile", "photo.webp", false),
            ("VipsForeignLoadNsgifFile", "anim.gif", false),
            ("VipsForeignLoadTiffFile", "scan.tiff", true),
            ("VipsForeignLoadTiffFile", "slide.svs", true),
            ("VipsForeignLoadJpegFile", "slide.mrxs", true),
            ("VipsForeignLoadJpegFile", "slide.TIF", true),
            ("VipsForeignLoadPngFile", "odd.tif", false),
            ("VipsForeignLoadSvgFile", "shape.svg", true),
            ("VipsForeignLoadRadFile", "light.hdr", true),
        ] as [(String?, String, Bool)])
    func aModuleMayOutrank(builtIn: String?, path: String, expected: Bool) {
        Vips.ensureStarted()
        #expect(VipsModules.mayOutrank(builtIn, for: path) == expected)
    }

    @Test(arguments: [
        ("/usr", "/usr/lib/x86_64-linux-gnu/vips-modules-8.14", true),
        ("/usr/", "/usr/lib/x86_64-linux-gnu/vips-modules-8.14", true),
        ("/opt/vips", "/usr/lib/x86_64-linux-gnu/vips-modules-8.14", false),
        ("/us", "/usr/lib/x86_64-linux-gnu/vips-modules-8.14", false),
    ])
    func libvipsOwnPrefixIsRecognized(home: String, folder: String, expected: Bool) {
        #expect(VipsModules.isPrefix(home, of: folder) == expected)
    }

    @Test func startUpLeavesNoPlaceholderHome() {
        Vips.ensureStarted()
        let home = getenv("VIPSHOME").map { String(cString: $0) }
        #expect(home != VipsModules.placeholderHome)
    }

    @Test func aModuleFormatLoadsThroughTheBinding() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        for name in ["quadrants.avif", "quadrants.jxl", "quadrants.pdf"] {
            let image = try VImage.load(fixtures.appendingPathComponent(name).path)
            #expect(image.width == 64 && image.height == 48, "\(name)")
        }
        #expect(try Vips.saver(for: "x.avif").hasPrefix("VipsForeignSaveHeif"))
        #expect(!VipsModules.mapped.isEmpty)
    }
}
