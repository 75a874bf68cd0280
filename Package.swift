// swift-tools-version:6.0
import Foundation
import PackageDescription

/// `make` points this at a copy of vips.pc without `-pthread`, which SwiftPM would warn about.
let vipsPackage = ProcessInfo.processInfo.environment["LIGHTBOX_VIPS_PC"] ?? "vips"

let package = Package(
    name: "Lightbox",
    products: [
        .executable(name: "lightbox", targets: ["lightbox"]),
        .library(name: "LightboxKit", targets: ["LightboxKit"]),
        .library(name: "LightboxGeometry", targets: ["LightboxGeometry"]),
    ],
    targets: [
        .systemLibrary(
            name: "CVips",
            pkgConfig: vipsPackage,
            providers: [.apt(["libvips-dev"])]
        ),
        .systemLibrary(
            name: "CJpeg",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "Vips", dependencies: ["CVips", "CJpeg"]),
        .target(name: "LightboxYAML", dependencies: ["CYaml"]),
        .target(name: "LightboxGeometry"),
        .target(name: "LightboxHEIF", dependencies: ["LightboxGeometry"]),
        .target(name: "LightboxRender", dependencies: ["Vips", "LightboxGeometry", "LightboxHEIF"]),
        .target(name: "LightboxFormats", dependencies: ["LightboxGeometry", "LightboxYAML"]),
        .target(name: "LightboxWorkers", dependencies: ["Vips"]),
        .target(
            name: "LightboxCLI",
            dependencies: [
                "LightboxRender", "LightboxFormats", "LightboxWorkers", "LightboxGeometry", "LightboxYAML",
            ]
        ),
        .target(name: "LightboxKit", dependencies: ["LightboxRender", "LightboxGeometry"]),
        .executableTarget(name: "lightbox", dependencies: ["LightboxCLI"]),
        .testTarget(name: "VipsTests", dependencies: ["Vips"]),
        .testTarget(name: "LightboxYAMLTests", dependencies: ["LightboxYAML"]),
        .testTarget(name: "LightboxGeometryTests", dependencies: ["LightboxGeometry"]),
        .testTarget(name: "LightboxHEIFTests", dependencies: ["LightboxHEIF", "LightboxGeometry"]),
        .target(
            name: "LightboxFuzzTargets", dependencies: ["LightboxFormats", "LightboxHEIF", "LightboxGeometry"],
            path: "Fuzz/LightboxFuzzTargets"),
        .testTarget(name: "LightboxFormatsTests", dependencies: ["LightboxFormats", "LightboxFuzzTargets"]),
        .testTarget(
            name: "LightboxCLITests",
            dependencies: ["LightboxCLI", "LightboxFormats", "LightboxRender", "LightboxWorkers"]
        ),
        .testTarget(name: "LightboxKitTests", dependencies: ["LightboxKit", "LightboxRender", "Vips"]),
        .testTarget(name: "LightboxRenderTests", dependencies: ["LightboxRender", "LightboxHEIF", "Vips"]),
        .testTarget(
            name: "LightboxEndToEndTests",
            dependencies: ["Vips", "LightboxGeometry"]
        ),
    ]
)

/// `make fuzz` sets LIGHTBOX_FUZZ=1 to add the libFuzzer driver, built with `-sanitize=fuzzer`; the
/// parsers it drives (`LightboxFuzzTargets`, file formats only) are always built, for the regression tests.
if ProcessInfo.processInfo.environment["LIGHTBOX_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(name: "LightboxFuzz", dependencies: ["LightboxFuzzTargets"], path: "Fuzz/LightboxFuzz"))
}
