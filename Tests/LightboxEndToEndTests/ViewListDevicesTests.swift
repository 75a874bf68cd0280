import Foundation
import LightboxGeometry
import Testing

/// `view --list-devices`: every preset `--device` takes, as a table or as JSON Lines whose numbers
/// give the same snapshot as the preset.
@Suite(.processes) struct ViewListDevicesTests {
    /// The JSON lines, one object per preset.
    static func objects() throws -> [[String: Any]] {
        let result = try CommandRunner.run(["view", "--list-devices", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try result.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func jsonHasEveryPresetWithItsNumbers() throws {
        let objects = try Self.objects()
        #expect(objects.count == DevicePreset.all.count)
        for (object, device) in zip(objects, DevicePreset.all) {
            #expect(object["name"] as? String == device.name)
            let screen = try #require(object["screen"] as? [String: Double])
            #expect(screen == ["width": Double(device.screen.width), "height": Double(device.screen.height)])
            #expect(object["scale"] as? Double == Double(device.scale))
            let safe = try #require(object["safeArea"] as? [String: Double])
            #expect(safe == ["top": Double(device.safeArea.top), "bottom": Double(device.safeArea.bottom)])
            let pixels = try #require(object["pixels"] as? [String: Int])
            #expect(pixels == ["width": device.pixels.width, "height": device.pixels.height])
            #expect(object["models"] as? String == device.models)
        }
        let names = objects.compactMap { $0["name"] as? String }
        #expect(names.contains("iphone-17-pro-max") && names.contains("ipad-pro-13"))
    }

    /// A listed preset's numbers, given as --screen, --scale and --safe-area, plan what --device plans.
    @Test(arguments: ["iphone-se", "iphone-16", "ipad-mini"])
    func listedNumbersPlanWhatTheDeviceDoes(name: String) throws {
        let object = try #require(try Self.objects().first { $0["name"] as? String == name })
        let screen = try #require(object["screen"] as? [String: Int])
        let safe = try #require(object["safeArea"] as? [String: Int])
        let scale = try #require(object["scale"] as? Int)
        let given = try ViewHelpers.plan([
            ViewHelpers.pattern, "--screen", "\(screen["width"] ?? 0)x\(screen["height"] ?? 0)", "--scale",
            String(scale), "--safe-area", "\(safe["top"] ?? 0),\(safe["bottom"] ?? 0)",
        ])
        let preset = try ViewHelpers.plan([ViewHelpers.pattern, "--device", name])
        #expect(NSDictionary(dictionary: given) == NSDictionary(dictionary: preset))
    }

    @Test func textIsATableOfEveryPreset() throws {
        let result = try CommandRunner.run(["view", "--list-devices"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == DevicePreset.all.count + 1)
        #expect(result.lines.first?.hasPrefix("NAME") == true)
        let row = try #require(result.lines.first { $0.hasPrefix("iphone-16 ") })
        let cells = row.split(separator: " ", omittingEmptySubsequences: true).prefix(7).map(String.init)
        #expect(cells == ["iphone-16", "393x852", "3", "1179x2556", "59", "/", "34"], "\(row)")
        #expect(row.hasSuffix("iPhone 14 Pro, 15, 15 Pro, 16"))
    }

    /// Nothing is rendered, so an input or another option would be ignored: each is refused (exit 64).
    @Test(arguments: [
        (["a.jpg"], "unexpected argument 'a.jpg': --list-devices takes no inputs"),
        (["--zoom", "2"], "--zoom does not go with --list-devices (it goes with one snapshot or --manifest)"),
        (
            ["--device", "iphone-16"],
            "--device does not go with --list-devices (it goes with one snapshot or --manifest)"
        ),
    ])
    func otherArgumentsAreRefused(extra: [String], message: String) throws {
        let result = try CommandRunner.run(["view", "--list-devices"] + extra)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The help, the manual and the completions come from the same tables, so each has the flag.
    @Test func helpManualAndCompletionsHaveIt() throws {
        let help = try CommandRunner.run(["view", "--help"])
        #expect(help.stdout.contains("--list-devices"))
        #expect(help.stdout.contains("lightbox view --list-devices [--json]"))
        #expect(try CommandRunner.run(["--generate-manual"]).stdout.contains(#"\fB\-\-list\-devices\fR"#))
        let bash = try CommandRunner.run(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("--list-devices"))
    }

    /// It steers the command, not a snapshot: a state manifest's line may not say it.
    @Test func aManifestLineCannotSayIt() throws {
        let scratch = try Scratch()
        let manifest = scratch.path("states.jsonl")
        let line = #"{"input":"\#(ViewHelpers.pattern)","listDevices":true,"output":"a.png"}"#
        try (line + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run([
            "view", "--manifest", manifest, "--out-dir", scratch.path("out"), "--screen", "100x100",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(manifest):1: unknown key 'listDevices'"), "\(result.stderr)")
    }
}
