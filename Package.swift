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
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CXml",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CPng",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CIsal",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(name: "CSystem"),
        .target(name: "LightboxSystem"),
        .target(name: "Vips", dependencies: ["CVips", "CJpeg", "CWebP", "CExif", "CPng", "CIsal", "LightboxSystem"]),
        .target(name: "LightboxYAML", dependencies: ["CYaml"]),
        .target(name: "LightboxGeometry"),
        .target(name: "LightboxArguments"),
        .target(name: "LightboxHEIF", dependencies: ["LightboxGeometry", "LightboxSystem"]),
        .target(
            name: "LightboxRender",
            dependencies: ["Vips", "LightboxGeometry", "LightboxHEIF", "LightboxSystem", "LightboxWorkers"]
        ),
        .target(
            name: "LightboxFormats",
            dependencies: ["LightboxArguments", "LightboxGeometry", "LightboxYAML", "CXml", "LightboxSystem"]
        ),
        .target(name: "LightboxWorkers", dependencies: ["CSystem", "LightboxSystem"]),
        .target(
            name: "LightboxJobs",
            dependencies: [
                "LightboxArguments", "LightboxRender", "LightboxFormats", "LightboxWorkers", "LightboxGeometry",
                "LightboxSystem",
            ]
        ),
        .target(
            name: "LightboxCLI",
            dependencies: [
                "LightboxArguments", "LightboxJobs", "LightboxRender", "LightboxFormats", "LightboxWorkers", "LightboxSystem",
            ]
        ),
        .target(name: "LightboxKit", dependencies: ["LightboxJobs", "LightboxRender", "LightboxGeometry"]),
        .executableTarget(name: "lightbox", dependencies: ["LightboxCLI"]),
        .testTarget(name: "LightboxSystemTests", dependencies: ["LightboxSystem"]),
        .testTarget(name: "LightboxWorkersTests", dependencies: ["LightboxWorkers", "LightboxSystem"]),
        .testTarget(name: "VipsTests", dependencies: ["Vips", "SeededRandom", "CJpeg", "CPng"]),
        .testTarget(name: "LightboxYAMLTests", dependencies: ["LightboxYAML"]),
        .testTarget(name: "LightboxArgumentsTests", dependencies: ["LightboxArguments"]),
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "LightboxGeometryTests", dependencies: ["LightboxGeometry", "SeededRandom"]),
        .testTarget(name: "LightboxHEIFTests", dependencies: ["LightboxHEIF", "LightboxGeometry", "SeededRandom"]),
        .target(
            name: "LightboxFuzzTargets", dependencies: ["LightboxFormats", "LightboxHEIF", "LightboxGeometry"],
            path: "Fuzz/LightboxFuzzTargets"),
        .testTarget(name: "LightboxFormatsTests", dependencies: ["LightboxFormats", "LightboxFuzzTargets"]),
        .testTarget(
            name: "LightboxCLITests",
            dependencies: [
                "LightboxArguments", "LightboxCLI", "LightboxJobs", "LightboxFormats", "LightboxRender",
                "LightboxWorkers",
            ]
        ),
        .testTarget(
            name: "LightboxJobsTests",
            dependencies: [
                "LightboxArguments", "LightboxJobs", "LightboxFormats", "LightboxRender", "LightboxWorkers", "Vips",
                "LightboxSystem",
            ]
        ),
        .testTarget(name: "LightboxKitTests", dependencies: ["LightboxKit", "LightboxRender", "Vips"]),
        .target(
            name: "JPEGCoefficients", path: "Tests/JPEGCoefficients", linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .testTarget(
            name: "LightboxRenderTests",
            dependencies: [
                "LightboxRender", "LightboxHEIF", "Vips", "LightboxGeometry", "JPEGCoefficients", "SeededRandom",
                "LightboxSystem",
            ]
        ),
        .testTarget(
            name: "LightboxEndToEndTests",
            dependencies: ["Vips", "LightboxGeometry", "JPEGCoefficients", "SeededRandom"]
        ),
    ]
)

/// `make fuzz` sets LIGHTBOX_FUZZ=1 to add the libFuzzer driver, built with `-sanitize=fuzzer`; the
/// parsers it drives (`LightboxFuzzTargets`, file formats only) are always built, for the regression tests.
if ProcessInfo.processInfo.environment["LIGHTBOX_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(name: "LightboxFuzz", dependencies: ["LightboxFuzzTargets"], path: "Fuzz/LightboxFuzz"))
}

/// `bench/lossless.sh` sets LIGHTBOX_BENCH=1 to add its driver, which crops through `Cropper` the
/// default way or losslessly in one kind of process.
if ProcessInfo.processInfo.environment["LIGHTBOX_BENCH"] == "1" {
    package.targets.append(
        .executableTarget(name: "lightbox-cut-bench", dependencies: ["LightboxRender"], path: "bench/CutBench"))
}
