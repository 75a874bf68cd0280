import Foundation
import LightboxGeometry
import LightboxRender

/// The benchmark driver for the crop cuts (`bench/lossless.sh`): crops each input at one rect
/// through `Cropper`, as a crop job in a worker does, the default way or `--lossless`, so the
/// two cuts are compared in the same kind of process. Built only with LIGHTBOX_BENCH=1.
///
/// usage: lightbox-cut-bench [--lossless] X,Y,W,H OUTDIR INPUT...
let arguments = Array(CommandLine.arguments.dropFirst())
let lossless = arguments.first == "--lossless"
let rest = lossless ? Array(arguments.dropFirst()) : arguments
guard rest.count >= 3 else {
    FileHandle.standardError.write(
        "usage: lightbox-cut-bench [--lossless] X,Y,W,H OUTDIR INPUT...\n".data(using: .utf8)!)
    exit(64)
}
let values = rest[0].split(separator: ",").compactMap { Double($0) }
guard values.count == 4 else {
    FileHandle.standardError.write("bad rect \(rest[0])\n".data(using: .utf8)!)
    exit(64)
}
let rect = CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
let cropper = Cropper(writer: AtomicWriter(options: SaveOptions(strip: true, force: true)))
var failures = 0
for input in rest.dropFirst(2) {
    let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
    let output = (rest[1] as NSString).appendingPathComponent(name + ".jpg")
    let item = Cropper.Item(rect: rect, output: output, cut: CropCut(lossless: lossless))
    for outcome in cropper.run(input: input, items: [item], dryRun: false) where outcome.error != nil {
        FileHandle.standardError.write("error: \(outcome.error!.description)\n".data(using: .utf8)!)
        failures += 1
    }
}
exit(failures == 0 ? 0 : 1)
