import Foundation

/// Reads the tags of a file with exiftool (Debian's libimage-exiftool-perl), an outside witness
/// of what a file really carries, beyond libvips' own field list.
enum Exiftool {
    /// Every tag exiftool finds, as `Group:Name` (family 1 groups: `GPS`, `IFD0`, `XMP-dc`, `IPTC`, `ICC-header`...).
    static func tags(_ path: String) throws -> [String: String] {
        let result = try run(["-json", "-G1", "-a", "-n", path])
        guard let array = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [[String: Any]],
            let first = array.first
        else {
            return [:]
        }
        return first.mapValues { "\($0)" }
    }

    /// What exiftool's `-validate` says about the file beyond "OK": each warning, such as
    /// `[minor] Improper EXIF header`; empty for a clean file.
    static func warnings(_ path: String) throws -> [String] {
        try run(["-validate", "-warning", "-a", "-s", "-s", path]).split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("Validate: OK")
        }
    }

    /// The EXIF tags of a file (groups `IFD0`, `ExifIFD`, `IFD1`, `GPS`); for a TIFF, whose own
    /// directory is `IFD0`, only those of an EXIF directory.
    static func exifTags(_ path: String) throws -> [String] {
        let groups = path.hasSuffix(".tif") ? ["ExifIFD:", "IFD1:", "GPS:"] : ["IFD0:", "ExifIFD:", "IFD1:", "GPS:"]
        return try tags(path).keys.filter { key in groups.contains { key.hasPrefix($0) } }.sorted()
    }

    /// Adds GPS, camera, XMP and IPTC tags to the file at `path` in place, as a phone or camera writes them.
    static func tagAsCamera(_ path: String) throws {
        _ = try run([
            "-overwrite_original", "-GPSLatitude=38.7223", "-GPSLatitudeRef=N", "-GPSLongitude=9.1393",
            "-GPSLongitudeRef=W", "-Make=Apple", "-Model=iPhone 15 Pro", "-XMP-dc:Creator=Ana Silva",
            "-IPTC:City=Lisbon", "-IPTC:By-line=Ana Silva", path,
        ])
    }

    /// Embeds the JPEG at `thumbnail` as the EXIF thumbnail of `path` (IFD1), as cameras write a preview of the whole photo.
    static func addThumbnail(_ path: String, thumbnail: String) throws {
        _ = try run(["-overwrite_original", "-ThumbnailImage<=\(thumbnail)", path])
    }

    /// Whether any tag in `tags` belongs to a group that carries the photo's or its maker's identity.
    static func privateTags(_ tags: [String: String]) -> [String] {
        let groups = ["GPS:", "XMP-", "IPTC:", "MakerNotes:", "Apple:"]
        let names = [":Make", ":Model", ":Artist", ":ImageDescription", ":Creator", ":City", ":ThumbnailImage"]
        return tags.keys.filter { key in groups.contains { key.hasPrefix($0) } || names.contains { key.hasSuffix($0) } }
            .sorted()
    }

    /// Runs exiftool with `arguments` and returns what it printed.
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
