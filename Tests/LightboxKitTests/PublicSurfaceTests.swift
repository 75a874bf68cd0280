import Foundation
import Testing

/// The package's public surface: LightboxKit's façade and LightboxGeometry's math, nothing else.
@Suite struct PublicSurfaceTests {
    /// The Swift files under `Sources/`, by path from the package root.
    static func sources() throws -> [String: String] {
        let root = TemporaryFolder.root
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
        var texts: [String: String] = [:]
        while let path = files?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            texts["Sources/" + path] = try String(
                contentsOf: root.appendingPathComponent("Sources").appendingPathComponent(path), encoding: .utf8)
        }
        return texts
    }

    /// The lines of `text` that declare something `public`.
    static func publicLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("public ")
        }
    }

    /// Only LightboxKit and LightboxGeometry declare anything `public`, at most 150 declarations in all.
    @Test func onlyTheLibrariesArePublic() throws {
        let sources = try Self.sources()
        let elsewhere = sources.filter {
            !$0.key.hasPrefix("Sources/LightboxKit/") && !$0.key.hasPrefix("Sources/LightboxGeometry/")
                && !Self.publicLines($0.value).isEmpty
        }
        #expect(elsewhere.keys.sorted() == [], "make these `package`")
        #expect(sources.values.map { Self.publicLines($0).count }.reduce(0, +) <= 150)
    }

    /// LightboxGeometry imports only Foundation, so an iOS app can depend on it.
    @Test func geometryImportsOnlyFoundation() throws {
        let imports = try Self.sources().filter { $0.key.hasPrefix("Sources/LightboxGeometry/") }.flatMap { file in
            file.value.components(separatedBy: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
        }
        #expect(!imports.isEmpty)
        #expect(Set(imports) == ["import Foundation"])
    }
}
