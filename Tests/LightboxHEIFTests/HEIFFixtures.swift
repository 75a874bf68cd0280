import Foundation

@testable import LightboxHEIF

/// The HEIF fixtures (Fixtures/heif, made by scripts/make-heif-fixtures.py) as the tests read them.
enum HEIFFixtures {
    /// The repository's Fixtures folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The path of `name` under Fixtures/heif.
    static func path(_ name: String) -> String {
        folder.appendingPathComponent("heif/\(name)").path
    }

    /// The bytes of `name` under Fixtures/heif.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// The file `name` opened for the tile path, or why it cannot be.
    static func open(_ name: String) -> Result<TiledHEIF, TileDecline> {
        Result { () throws(TileDecline) in try TiledHEIF(path: path(name)) }
    }
}
