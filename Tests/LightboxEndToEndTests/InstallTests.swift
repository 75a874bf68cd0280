import Foundation
import Testing

/// `make install` puts the binary, the man page and three completion scripts where each belongs; `make uninstall` removes them.
@Suite(.processes) struct InstallTests {
    /// Every file install writes, under PREFIX.
    static let installed = [
        "bin/lightbox", "share/man/man1/lightbox.1", "share/bash-completion/completions/lightbox",
        "share/zsh/site-functions/_lightbox", "share/fish/vendor_completions.d/lightbox.fish",
    ]

    /// Runs `make TARGET` in the package root with `variables`, returning its status.
    static func make(_ target: String, _ variables: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["-s", "-C", CommandRunner.root.path, target] + variables
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func installThenUninstall() throws {
        let scratch = try Scratch()
        let variables = ["BIN=\(CommandRunner.binary.path)", "DESTDIR=\(scratch.url.path)", "PREFIX=/usr/local"]
        #expect(try Self.make("install-files", variables) == 0)
        for file in Self.installed {
            let path = scratch.url.path + "/usr/local/" + file
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 100, "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: scratch.url.path + "/usr/local/bin/lightbox"))
        let page = try String(
            contentsOfFile: scratch.url.path + "/usr/local/share/man/man1/lightbox.1", encoding: .utf8)
        #expect(page.hasPrefix(".TH LIGHTBOX 1"))
        #expect(try Self.make("uninstall", Array(variables.dropFirst())) == 0)
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: scratch.url.path + "/usr/local/" + file), "\(file)")
        }
    }
}
