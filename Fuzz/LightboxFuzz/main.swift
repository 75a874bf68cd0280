import Foundation
import LightboxFuzzTargets

/// libFuzzer's driver, linked in by `-sanitize=fuzzer`; SwiftPM owns `main`, so the fuzzer is started from here.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Feeds one input to the parser named by `LIGHTBOX_FUZZ_TARGET` (see `FuzzTargets.names`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzTargets.run(FuzzTargets.selected, data)
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, fuzzOne))
