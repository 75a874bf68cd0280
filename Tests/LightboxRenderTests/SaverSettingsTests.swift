import Foundation
import Testing
import Vips

@testable import LightboxRender

/// An output name's save options are read against Lightbox's own table, typed, before any work:
/// an option the table lacks (libvips' `profile=/etc/shadow` from a job among them) never reaches libvips.
@Suite struct SaverSettingsTests {
    @Test(arguments: [
        ("[Q=90,strip,interlace]", OutputFormat.jpeg, [SaverSettings.Setting(name: "Q", value: .int(90))], true),
        ("[lossless]", .webp, [.init(name: "lossless", value: .bool(true))], false),
        ("[compression=9]", .png, [.init(name: "compression", value: .int(9))], false),
        ("[subsample-mode=Off]", .jpeg, [.init(name: "subsample_mode", value: .nick("off"))], false),
        ("[filter=sub|paeth]", .png, [.init(name: "filter", value: .nick("sub|paeth"))], false),
        ("[compression=zstd,level=19]", .tiff, [.init(name: "compression", value: .nick("zstd"))], false),
        ("[dither=0.5]", .gif, [.init(name: "dither", value: .double(0.5))], false),
        ("[]", .jpeg, [], false),
    ])
    func declaredOptionsAreTyped(
        text: String, format: OutputFormat, first: [SaverSettings.Setting], strips: Bool
    )
        throws
    {
        let settings = try SaverSettings(text, format: format, profiles: .refused)
        #expect(Array(settings.settings.prefix(first.count)) == first)
        #expect(settings.stripsAll == strips)
    }

    @Test(arguments: [
        ("[profile=/etc/shadow]", OutputFormat.webp, "save option profile=/etc/shadow is refused here"),
        ("[profile=../x.icc]", .jpeg, "is refused here"),
        ("[profile=x]", .gif, "unknown save option 'profile' for .gif files"),
        ("[properties]", .tiff, "unknown save option 'properties' for .tif files"),
        ("[background=0]", .jpeg, "unknown save option 'background'"),
        ("[page-height=4]", .png, "unknown save option 'page-height'"),
        ("[Q=900]", .jpeg, "save option Q=900 is out of range (1 to 100)"),
        ("[Q=1e400]", .jpeg, "save option Q=1e400: wants a whole number from 1 to 100"),
        ("[dither=nan]", .png, "save option dither=nan: wants a number from 0 to 1"),
        ("[preset=movie]", .webp, "save option preset=movie: wants default, picture, photo, drawing, icon or text"),
        ("[filter=sub|odd]", .png, "wants none, sub, up, avg, paeth, all, several joined by |"),
        ("[lossless=maybe]", .webp, "save option lossless=maybe: wants true or false"),
        ("[Q=90,Q=80]", .jpeg, "save option Q is given twice"),
        ("[Q=90,]", .jpeg, "an empty save option for .jpg files"),
        ("[bitdepth=3]", .heic, "save option bitdepth=3: wants 8, 10 or 12"),
    ])
    func anythingElseIsRefusedNamingIt(text: String, format: OutputFormat, message: String) {
        #expect {
            try SaverSettings(text, format: format, profiles: .refused)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func profileNoneDropsTheProfileFromAnyDoor() throws {
        let settings = try SaverSettings("[profile=none]", format: .jpeg, profiles: .refused)
        #expect(settings.dropsProfile && settings.profile == nil && settings.settings.isEmpty)
    }

    /// `strip=false` cannot widen what is written: Lightbox's own stripping stays.
    @Test func stripFalseWidensNothing() throws {
        var save = SaveOptions(strip: true, stripICC: true)
        save.saverSettings = try SaverSettings("[strip=false]", format: .jpeg, profiles: .refused)
        let image = try VImage.load(Self.fixture("icc.jpg"))
        #expect(try !save.prepared(image).hasField("icc-profile-data"))
        #expect(save.saverArguments(for: .jpeg, image: image).contains { $0.0 == "strip" })
    }

    /// Every declared option is one the format's libvips saver has, and every range lies within libvips' own.
    @Test(arguments: OutputFormat.allCases)
    func theTableIsTrueToLibvips(format: OutputFormat) throws {
        let saver = try Vips.saver(for: "x." + format.fileExtension)
        let real = Set(VOperation.optionalInputs(of: saver).map { $0.replacingOccurrences(of: "-", with: "_") })
        for option in SaverOption.allowed(for: format) {
            #expect(real.contains(option.name), "\(saver) has no \(option.name)")
            let bounds: ClosedRange<Double>? =
                switch option.kind {
                case .int(let range): Double(range.lowerBound)...Double(range.upperBound)
                case .double(let range): range
                case .intChoice(let values): Double(values.min() ?? 0)...Double(values.max() ?? 0)
                default: nil
                }
            if let bounds, let limits = VOperation.range(of: option.name, in: saver) {
                #expect(limits.contains(bounds.lowerBound) && limits.contains(bounds.upperBound), "\(option.name)")
            }
        }
        #expect(!real.contains("keep") || !SaverOption.allowed(for: format).contains { $0.name == "keep" })
    }

    @Test func aRealProfileIsReadAndATextFileIsNot() throws {
        let profile = try ICCProfileFile.read(Self.fixture("profiles/Gray.icc"))
        #expect(profile.count > 132 && Array(profile[36..<40]) == Array("acsp".utf8))
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(getpid()).txt").path
        try Data(repeating: 0x41, count: 400).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        #expect(throws: SaverOptionError.self) { try ICCProfileFile.read(text) }
        #expect(throws: SaverOptionError.self) { try ICCProfileFile.read("/dev/zero") }
    }

    @Test(arguments: [
        (0, "bytes, shorter than a profile's header"), (36, "no 'acsp' signature"), (0, "shorter"),
    ])
    func aDamagedHeaderIsNamed(cut: Int, reason: String) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture("profiles/Gray.icc"))))
        if cut == 36 { bytes[36] = 0x20 } else { bytes = Array(bytes.prefix(100)) }
        #expect(ICCProfileFile.reason(bytes)?.contains(reason) == true)
    }

    @Test func aDeviceLinkDescribesNoPicture() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture("profiles/Gray.icc"))))
        bytes.replaceSubrange(12..<16, with: Array("link".utf8))
        #expect(ICCProfileFile.reason(bytes) == "device class 'link' describes no picture")
        bytes.replaceSubrange(0..<4, with: [0, 0, 0xFF, 0xFF])
        #expect(ICCProfileFile.reason(bytes)?.contains("its header declares 65535 bytes") == true)
    }

    /// A file of the repository's Fixtures folder.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }
}
