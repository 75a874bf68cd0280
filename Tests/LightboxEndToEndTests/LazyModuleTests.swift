import Foundation
import Testing
import Vips

/// libvips' modules stay out of a worker until a file needs one: the debug build's
/// `LIGHTBOX_REPORT_MODULES` makes each worker name the module files mapped into it after each request.
@Suite(.processes) struct LazyModuleTests {
    /// The environment that asks for the report.
    static let report = ["LIGHTBOX_REPORT_MODULES": "1"]

    /// The modules each report line of `stderr` names ("none" while they are kept out).
    static func reports(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            line.hasPrefix("lightbox-debug: vips modules: ") ? String(line.dropFirst(30)) : nil
        }
    }

    /// Runs `arguments` in `scratch` with the report on; fails the test unless it exits 0.
    static func run(_ arguments: [String], in scratch: Scratch) throws -> [String] {
        let result = try CommandRunner.run(arguments, in: scratch.url, environment: report)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return reports(result.stderr)
    }

    @Test func jpegPNGAndTIFFOutputsLoadNoModule() throws {
        let scratch = try ModuleFormatTests.scratch(with: "photo.jpg")
        for output in ["c.jpg", "c.png", "c.tif", "c.webp"] {
            let reports = try LazyModuleTests.run(
                ["crop", "photo.jpg", "--rect", "0,0,0.5,0.5", "-o", output], in: scratch)
            #expect(reports == ["none"], "\(output)")
        }
        let view = try LazyModuleTests.run(["view", "photo.jpg", "--screen", "60x40", "-o", "v.png"], in: scratch)
        #expect(view == ["none"])
    }

    /// A `VIPSHOME` naming libvips' own prefix (a Python parent that imported pyvips sets it) keeps
    /// the modules out; one naming another folder leaves start-up to libvips, which loads none from there.
    @Test(arguments: [("/usr", ["none"]), ("/usr/", ["none"])])
    func libvipsOwnPrefixStillDefersTheModules(home: String, expected: [String]) throws {
        let scratch = try ModuleFormatTests.scratch(with: "photo.jpg")
        let result = try CommandRunner.run(
            ["crop", "photo.jpg", "--rect", "0,0,0.5,0.5", "-o", "c.png"], in: scratch.url,
            environment: LazyModuleTests.report.merging(["VIPSHOME": home]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(LazyModuleTests.reports(result.stderr) == expected)
    }

    /// The placeholder `VIPSHOME` of a Lightbox parent caught in its start-up (tests spawn the
    /// binary while libvips starts in the test process) is not the user's: modules still load on demand.
    @Test func theStartUpPlaceholderIsNotTheUsersHome() throws {
        let scratch = try ModuleFormatTests.scratch(with: "quadrants.avif")
        let result = try CommandRunner.run(
            ["crop", "quadrants.avif", "--rect", "0,0,0.5,0.5", "-o", "c.png"], in: scratch.url,
            environment: LazyModuleTests.report.merging(["VIPSHOME": VipsModules.placeholderHome]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(LazyModuleTests.reports(result.stderr) == ["vips-heif.so"], "\(result.stderr)")
    }

    @Test(arguments: [
        (["crop", "quadrants.avif", "--rect", "0,0,1,1", "-o", "a.png"], "vips-heif.so"),
        (["crop", "quadrants.jxl", "--rect", "0,0,1,1", "-o", "a.png"], "vips-jxl.so"),
        (["crop", "quadrants.pdf", "--rect", "0,0,1,1", "-o", "a.png"], "vips-poppler.so"),
        (["crop", "photo.jpg", "--rect", "0,0,1,1", "-o", "a.avif"], "vips-heif.so"),
        (["crop", "photo.jpg", "--rect", "0,0,1,1", "-o", "a.heic"], "vips-heif.so"),
    ])
    func aFileThatNeedsAModuleLoadsThem(arguments: [String], module: String) throws {
        let scratch = try ModuleFormatTests.scratch(with: arguments[1])
        let reports = try LazyModuleTests.run(arguments, in: scratch)
        #expect(reports.count == 1 && reports[0].contains(module), "\(arguments): \(reports)")
    }

    @Test func aHEIFInputLoadsTheHEIFModuleAlone() throws {
        let scratch = try ModuleFormatTests.scratch(with: "quadrants.avif")
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("heif/grid-plain.heic"), as: "grid.heic")
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("quadrants.jxl"), as: "quadrants.jxl")
        for input in ["quadrants.avif", "grid.heic"] {
            let reports = try LazyModuleTests.run(
                ["crop", input, "--rect", "0,0,0.5,0.5", "-o", "\(input).png"], in: scratch)
            #expect(reports == ["vips-heif.so"], "\(input)")
        }
        // A worker that loaded it alone loads the others when a later file needs one.
        let client = try BatchClient(["--jobs", "1"], in: scratch, environment: LazyModuleTests.report)
        for (index, input) in ["grid.heic", "quadrants.jxl"].enumerated() {
            try client.send(BatchModeTests.crop(index, input, "c\(index).png"))
            #expect(try client.answer()["status"] as? String == "done")
        }
        let reports = LazyModuleTests.reports(try client.finish().stderr)
        #expect(reports.count == 2 && reports[0] == "vips-heif.so", "\(reports)")
        #expect(reports.last?.contains("vips-jxl.so") == true && reports.last?.contains("vips-poppler.so") == true)
    }

    @Test func aTIFFInputLoadsThemForOpenSlide() throws {
        let scratch = try ModuleFormatTests.scratch(with: "photo.jpg")
        #expect(
            try LazyModuleTests.run(["crop", "photo.jpg", "--rect", "0,0,1,1", "-o", "p.tif"], in: scratch) == ["none"])
        let reports = try LazyModuleTests.run(["crop", "p.tif", "--rect", "0,0,0.5,0.5", "-o", "q.png"], in: scratch)
        #expect(reports.count == 1 && reports[0].contains("vips-openslide.so"), "\(reports)")
    }

    @Test func aBatchWorkerLoadsThemAtTheFirstJobThatNeedsThem() throws {
        let scratch = try ModuleFormatTests.scratch(with: "photo.jpg")
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("quadrants.jxl"), as: "quadrants.jxl")
        let client = try BatchClient(["--jobs", "1"], in: scratch, environment: LazyModuleTests.report)
        for (index, input) in ["photo.jpg", "photo.jpg", "quadrants.jxl", "photo.jpg"].enumerated() {
            try client.send(BatchModeTests.crop(index, input, "c\(index).png"))
            #expect(try client.answer()["status"] as? String == "done")
        }
        let end = try client.finish()
        #expect(end.status == 0)
        let reports = LazyModuleTests.reports(end.stderr)
        #expect(reports.count == 4 && reports[0] == "none" && reports[1] == "none", "\(reports)")
        #expect(reports.suffix(2).allSatisfy { $0.contains("vips-jxl.so") }, "\(reports)")
    }

    @Test func aReplacementWorkerStillReadsModuleFormats() throws {
        let scratch = try ModuleFormatTests.scratch(with: "quadrants.jxl")
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let result = try CommandRunner.run(
            ["crop", "a.jpg", "quadrants.jxl", "--rect", "0,0,0.5,0.5", "-o", "{stem}-crop.png", "--jobs", "1"],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "crash:a.jpg"])
        #expect(result.status == 1)
        let crop = try VImage.load(scratch.path("quadrants-crop.png"))
        #expect(ModuleFormatTests.near(try crop.pixel(x: 16, y: 12), ModuleFormatTests.colours[0]))
    }
}
