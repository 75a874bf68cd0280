import Foundation
import Vips

/// Photos with embedded colour profiles as phones, cameras and print shops write them, made at
/// test time from the bundled upright photo, each beside a profile-free sRGB reference of what
/// iOS shows for it (libvips' `icc_transform` from the embedded profile).
enum ProfiledInputs {
    /// The bundled upright photo (1800x1200, sRGB).
    static let photo = CommandRunner.fixtures.appendingPathComponent("exif-orientation/Landscape_1.jpg").path

    /// The output profiles that make each kind: Adobe RGB (a file), Display P3 and CMYK (libvips' built-in ones).
    static let profiles: [String: String] = [
        "adobe": CommandRunner.fixtures.appendingPathComponent("profiles/compatibleWithAdobeRGB1998.icc").path,
        "p3": "p3",
        "cmyk": "cmyk",
    ]

    /// Writes `kind` as `<kind>.<ext>` (profile embedded) and `<kind>-reference.png` (sRGB, no profile) into `scratch`.
    static func make(
        _ kind: String, ext: String = "jpg", in scratch: Scratch
    ) throws -> (input: String, reference: String) {
        let source = try VImage.load(photo).shrunk(3, 3)
        let converted = try VOperation.call(
            "icc_transform", [("in", .image(source)), ("output_profile", .string(profiles[kind] ?? kind))]
        ).image()
        let input = scratch.path("\(kind).\(ext)")
        let saver = try Vips.saver(for: input)
        try converted.save(to: input, saver: saver, options: ext == "jpg" ? [("Q", .int(95))] : [])
        let reference = scratch.path("\(kind)-reference.png")
        let shown = try VImage.load(input).iccTransformed(
            to: "srgb", inputProfile: kind == "cmyk" ? "cmyk" : "srgb", depth: 8)
        try shown.save(to: reference, saver: try Vips.saver(for: reference), options: [("strip", .bool(true))])
        return (input, reference)
    }
}
