import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The fields of a viewer job, each declared once with its type: the options of `lightbox view`,
/// and the keys of a state manifest's line or a `lightbox batch` view job.
package enum ViewFields {
    /// `--screen WxH`, both sides positive.
    package static let screen = Option<CGSize>(
        "screen", valueName: "WxH", help: "Screen size in points, such as 390x844.",
        expected: "expected WIDTHxHEIGHT in points, such as 390x844", where: { $0.isPositive() })
    /// `--scale K`, positive.
    package static let scale = Option<Double>(
        "scale", valueName: "K", help: "Pixels per point (default 1).", expected: "expected a positive number",
        where: { $0 > 0 })
    /// `--page N`.
    package static let page = Option<Int>(
        "page", valueName: "N", help: "Selected page from 0 (clamped to the inputs).",
        expected: "expected a whole number (the first page is 0)")
    /// `--zoom Z`.
    package static let zoom = Option<Double>("zoom", valueName: "Z", help: "The page's zoom (default 1, fit).")
    /// `--max-zoom M`.
    package static let maxZoom = Option<Double>(
        "max-zoom", valueName: "M", help: "The largest zoom (default \(number(ViewportMath.defaultMaxZoom))).")
    /// `--offset DX,DY`.
    package static let offset = Option<Pair>(
        "offset", valueName: "DX,DY", help: "Pan offset in points (clamped as the app does, with a warning).",
        expected: "expected DX,DY in points, such as 40,-20")
    /// `--double-tap`.
    package static let doubleTap = Flag(
        "double-tap", help: "Apply the double tap first: fit to 2.5, zoomed back to fit.")
    /// `--pull P`.
    package static let pull = Option<Double>("pull", valueName: "P", help: "Pull down in points (default 0).")
    /// `--style viewer|screen`.
    package static let style = Option<ViewportLayout.Style>(
        "style", valueName: "style", help: "viewer (PhotoLightbox, default) or screen (DragToDismissScreen).")
    /// `--threshold T`.
    package static let threshold = Option<Double>(
        "threshold", valueName: "T",
        help: "Dismiss threshold of the screen style (default \(number(DismissMath.defaultThreshold))).")
    /// `--predicted D`.
    package static let predicted = Option<Double>(
        "predicted", valueName: "D", help: "Where the released drag was heading, for the dismiss rule.")
    /// `--under color`.
    package static let under = Option<BoardColor>(
        "under", valueName: "color", help: "Flatten onto a colour: a CSS name, #rrggbb, r,g,b (0-255) or rgb(r,g,b).")
    /// `--chrome`.
    package static let chrome = Flag("chrome", help: "Draw the header, N of M and the close button.")
    /// `--reduce-motion`.
    package static let reduceMotion = Flag(
        "reduce-motion", help: "Reduce Motion on: the screen style's page does not scale; animations jump to their end."
    )
    /// `--animate zoom|dismiss`.
    package static let animate = Option<ViewAnimation>(
        "animate", valueName: "kind", help: "Render an animation: zoom or dismiss.")
    /// The frames of an animation when `--frames` is not given.
    package static let defaultFrames = 12
    /// `--frames N`.
    package static let frames = Option<Int>(
        "frames", valueName: "N", help: "Frames of the animation (default \(defaultFrames)).", in: 2...600)
    /// `--duration S`, positive.
    package static let duration = Option<Double>(
        "duration", valueName: "S", help: "Seconds of the animation (zoom 0.4, dismiss 0.25; at most 3600).",
        expected: "expected seconds, more than 0 and at most 3600", where: { $0 > 0 && $0 <= 3600 })

    /// Every option of `view`, in the order help lists them.
    package static let declared: [any OptionDeclaration] =
        [
            screen,
            DeviceOptions.device.help("Screen, scale and safe areas of a device (see DEVICES); options given win."),
            DeviceOptions.safeArea, DeviceOptions.listDevices,
            OutputOptions.output.help("Output image (.gif or .webp with --animate)."),
            scale, page, zoom, maxZoom, offset, doubleTap, pull, style, threshold, predicted, under, chrome,
            reduceMotion, animate, frames, duration,
            OutputOptions.force.help("Replace an existing output (never an input)."),
            OutputOptions.dryRun.help("Write nothing; print the JSON line."),
            OutputOptions.json.help("Print the JSON line after writing."), OutputOptions.quiet,
            OutputOptions.manifest.help("Render every state of a JSON Lines file (options as keys)."),
            OutputOptions.outDir.help("Where outputs go (made if missing); -o is taken relative to it."),
        ] + ReadWriteOptions.declared + WorkerOptions.declared + RootOptions.declared + BatchOptions.declared

    /// The options that steer a run of many snapshots rather than one (`--manifest`, `--jobs`...):
    /// a manifest's line or a batch job may not set them.
    package static let runOptions: Set<String> = Set(
        ([
            OutputOptions.manifest, OutputOptions.outDir, OutputOptions.dryRun, OutputOptions.json,
            OutputOptions.quiet, ReadWriteOptions.format, DeviceOptions.listDevices,
        ] + WorkerOptions.declared + RootOptions.declared + BatchOptions.declared).specs.map(\.long))

    /// What `--device` sets together: a line's device overrides the command line's values of these.
    package static let deviceParts: Set<String> = [screen.spec.long, scale.spec.long, DeviceOptions.safeArea.spec.long]

    /// The options a single snapshot takes: the keys of a manifest's line or a batch view job.
    package static let jobOptions = declared.specs.filter { !runOptions.contains($0.long) }

    /// A number as help writes it (`4`, `0.25`).
    private static func number(_ value: CGFloat) -> String {
        NumberText.short(Double(value))
    }
}
