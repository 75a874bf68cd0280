import CVips

/// Typed wrappers for the operations Lightbox uses, all through `VOperation.call`.
extension VImage {
    /// Opens a file lazily (header only until pixels are needed) with the loader libvips picks.
    ///
    /// `access` and `failOn` (nil: libvips' default, none) are libvips' nicks as typed values.
    /// `options` the loader lacks are left out, so JPEG's `shrink` and WebP's `scale` may be
    /// offered for any file. `loader` is the one `Vips.loader(for:)` gave, when the
    /// caller asked already. A pinned path is read through its descriptor (`PinnedFiles`).
    /// Random access decodes into memory (`memory`), never into a temp file. Colour labelled as
    /// grey is labelled by its bands (`labelledByBands`).
    package static func load(
        _ path: String, access: LoadAccess = .random, failOn: FailOn? = nil, options: [(String, VValue)] = [],
        loader known: String? = nil
    ) throws(VipsError) -> VImage {
        try loadAsLabelled(path, access: access, failOn: failOn, options: options, loader: known).labelledByBands()
    }

    /// `load` with the interpretation the loader gave, even when it contradicts the bands.
    static func loadAsLabelled(
        _ path: String, access: LoadAccess, failOn: FailOn?, options: [(String, VValue)] = [], loader known: String?
    ) throws(VipsError) -> VImage {
        VipsWarnings.opening(path)
        let loader: String
        if let known { loader = known } else { loader = try Vips.loader(for: path) }
        let opened = try PinnedFiles.opening(path)
        // A sequential loader streams, and random access copies it into memory under a guard (`MemoryOnDemand`).
        let onDemand = access == .random && Vips.loadsSequentially(loader, opened)
        let read: LoadAccess = onDemand ? .sequential : access
        var arguments: [(String, VValue)] = [("filename", .string(opened)), ("access", .nick(read.rawValue))]
        // A random-access decode of a format libvips cannot read lazily goes to memory, never to a
        // disc temp file past 100 MB: TMPDIR may be read-only (a container), and --max-memory counts it.
        if access == .random && !onDemand { arguments.append(("memory", .bool(true))) }
        if let failOn { arguments.append(("fail_on", .nick(failOn.rawValue))) }
        arguments += options.filter { VOperation.hasArgument(loader, $0.0) }
        let image = try VOperation.call(loader, arguments).image()
        return onDemand ? try MemoryOnDemand.image(of: image) : image
    }

    /// Writes the image to `path` with the saver `saver` (named for the final filename) and typed
    /// options, set in order (a later one wins).
    package func save(to path: String, saver: String, options: [(String, VValue)] = []) throws(VipsError) {
        try EvaluationGuard.evaluate(self, context: saver) { (guarded: VImage) throws(VipsError) in
            _ = try VOperation.call(
                saver, [("in", .image(guarded)), ("filename", .string(path))] + options, outputs: [])
        }
    }

    /// The area `width` by `height` at `left`, `top`.
    package func crop(left: Int, top: Int, width: Int, height: Int) throws(VipsError) -> VImage {
        try VOperation.call(
            "extract_area",
            [
                ("input", .image(self)), ("left", .int(left)), ("top", .int(top)),
                ("width", .int(width)), ("height", .int(height)),
            ]
        ).image()
    }

    /// Turned clockwise by `angle`: "d90", "d180" or "d270".
    package func rotated(_ angle: String) throws(VipsError) -> VImage {
        try VOperation.call("rot", [("in", .image(self)), ("angle", .nick(angle))]).image()
    }

    /// Mirrored along `direction`: "horizontal" or "vertical".
    package func flipped(_ direction: String) throws(VipsError) -> VImage {
        try VOperation.call("flip", [("in", .image(self)), ("direction", .nick(direction))]).image()
    }

    /// Rendered into memory, so later operations may read it in any order.
    package func inMemory() throws(VipsError) -> VImage {
        try EvaluationGuard.evaluate(self, context: "copy to memory") { (guarded: VImage) throws(VipsError) in
            guard let copy = vips_image_copy_memory(guarded.pointer) else {
                throw VipsError.fromBuffer("copy to memory")
            }
            return VImage(owning: copy)
        }
    }

    /// Rendered into memory as `inMemory` does, a failure said by the decoder's reason alone, as
    /// a save of the same pixels says it once the saver's own words are taken off.
    package func decodedInMemory() throws(VipsError) -> VImage {
        let context = "copy to memory: "
        do {
            return try inMemory()
        } catch {
            guard error.message.hasPrefix(context) else { throw error }
            throw VipsError(String(error.message.dropFirst(context.count)), warnings: error.warnings)
        }
    }

    /// The pixel values at `x`, `y`, one per band.
    package func pixel(x: Int, y: Int) throws(VipsError) -> [Double] {
        try VOperation.call("getpoint", [("in", .image(self)), ("x", .int(x)), ("y", .int(y))], outputs: ["out-array"])
            .doubles("out-array")
    }

    /// The mean of all pixel values over every band.
    package func average() throws(VipsError) -> Double {
        try EvaluationGuard.evaluate(self, context: "avg") { (guarded: VImage) throws(VipsError) in
            try VOperation.call("avg", [("in", .image(guarded))], outputs: ["out"]).double("out")
        }
    }

    /// Shrunk by whole factors (box filter), `horizontal` by `vertical`.
    package func shrunk(_ horizontal: Int, _ vertical: Int) throws(VipsError) -> VImage {
        try VOperation.call(
            "shrink",
            [
                ("in", .image(self)), ("hshrink", .double(Double(horizontal))), ("vshrink", .double(Double(vertical))),
            ]
        ).image()
    }
}
