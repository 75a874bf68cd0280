/// Typed wrappers for resampling, placing and blending images.
extension VImage {
    /// Resized by `scale` (and `vscale` vertically when given) with `kernel` ("lanczos3", "linear", ...).
    package func resized(
        _ scale: Double, vscale: Double? = nil, kernel: String = "lanczos3"
    ) throws(VipsError) -> VImage {
        var arguments: [(String, VValue)] = [
            ("in", .image(self)), ("scale", .double(scale)), ("kernel", .nick(kernel)),
        ]
        if let vscale { arguments.append(("vscale", .double(vscale))) }
        return try VOperation.call("resize", arguments).image()
    }

    /// Reduced by `factor` in one direction, `vertical` or not, as `resize` reduces each
    /// (`reducev` or `reduceh` with `kernel` and the `gap` of its integer pre-shrink).
    package func reduced(
        _ factor: Double, vertical: Bool, kernel: String = "lanczos3", gap: Double = 2
    ) throws(VipsError) -> VImage {
        try VOperation.call(
            vertical ? "reducev" : "reduceh",
            [
                ("in", .image(self)), (vertical ? "vshrink" : "hshrink", .double(factor)), ("kernel", .nick(kernel)),
                ("gap", .double(gap)),
            ]
        ).image()
    }

    /// The affine transform `matrix` (a, b, c, d) into the output area `area` (left, top, width, height).
    ///
    /// `offset` is (odx, ody); `background` fills uncovered pixels; `extend` is "background",
    /// "black", "copy" and so on.
    package func affine(
        _ matrix: [Double], area: [Int], offset: (Double, Double) = (0, 0), background: [Double] = [0],
        interpolate: String = "bicubic", extend: String = "background", premultiplied: Bool = false
    ) throws(VipsError) -> VImage {
        let scaled = try twoPassScaled(
            matrix, area: area, offset: offset, background: background, interpolate: interpolate, extend: extend)
        if let scaled { return scaled }
        return try VOperation.call(
            "affine",
            [
                ("in", .image(self)), ("matrix", .doubles(matrix)), ("oarea", .ints(area)),
                ("odx", .double(offset.0)), ("ody", .double(offset.1)), ("background", .doubles(background)),
                ("interpolate", .interpolator(interpolate)), ("extend", .nick(extend)),
                ("premultiplied", .bool(premultiplied)),
            ]
        ).image()
    }

    /// Placed at `x`, `y` in a `width` by `height` canvas whose other pixels are `background`.
    package func embedded(
        x: Int, y: Int, width: Int, height: Int, background: [Double] = [0], extend: String = "background"
    ) throws(VipsError) -> VImage {
        try VOperation.call(
            "embed",
            [
                ("in", .image(self)), ("x", .int(x)), ("y", .int(y)), ("width", .int(width)), ("height", .int(height)),
                ("extend", .nick(extend)), ("background", .doubles(background)),
            ]
        ).image()
    }

    /// `overlays` blended in order over this image at their positions with "over" (the result is float).
    package func composited(
        _ overlays: [VImage], at positions: [(x: Int, y: Int)], premultiplied: Bool = false
    ) throws(VipsError) -> VImage {
        guard !overlays.isEmpty else { return self }
        return try VOperation.call(
            "composite",
            [
                ("in", .images([self] + overlays)), ("mode", .ints([Int](repeating: 2, count: overlays.count))),
                ("x", .ints(positions.map(\.x))), ("y", .ints(positions.map(\.y))),
                ("premultiplied", .bool(premultiplied)),
            ]
        ).image()
    }

    /// The alpha flattened onto `background`.
    package func flattened(background: [Double]) throws(VipsError) -> VImage {
        try VOperation.call("flatten", [("in", .image(self)), ("background", .doubles(background))]).image()
    }

    /// The same pixels labelled with interpretation `nick` ("srgb", "b-w", ...).
    package func interpreted(_ nick: String) throws(VipsError) -> VImage {
        try VOperation.call("copy", [("in", .image(self)), ("interpretation", .nick(nick))]).image()
    }

    /// Cast to band format `format` ("uchar", "float", ...).
    package func cast(_ format: String) throws(VipsError) -> VImage {
        try VOperation.call("cast", [("in", .image(self)), ("format", .nick(format))]).image()
    }

    /// Converted to colourspace `space` ("srgb", "b-w", ...).
    package func colourspace(_ space: String) throws(VipsError) -> VImage {
        try VOperation.call("colourspace", [("in", .image(self)), ("space", .nick(space))]).image()
    }

    /// Converted through ICC profiles to `profile` ("srgb", a built-in name or a file), at `depth` bits.
    ///
    /// The file's own profile is used when it has one (`embedded`); `inputProfile` is the
    /// fallback for a file without one.
    package func iccTransformed(to profile: String, inputProfile: String, depth: Int) throws(VipsError) -> VImage {
        try VOperation.call(
            "icc_transform",
            [
                ("in", .image(self)), ("output_profile", .string(profile)), ("embedded", .bool(true)),
                ("input_profile", .string(inputProfile)), ("depth", .int(depth)), ("intent", .nick("relative")),
            ]
        ).image()
    }

    /// Each pixel times `a` plus `b`, per band.
    package func linear(_ a: [Double], _ b: [Double]) throws(VipsError) -> VImage {
        try VOperation.call("linear", [("in", .image(self)), ("a", .doubles(a)), ("b", .doubles(b))]).image()
    }

    /// The bands of `others` appended after this image's.
    package func bandjoin(_ others: [VImage]) throws(VipsError) -> VImage {
        try VOperation.call("bandjoin", [("in", .images([self] + others))]).image()
    }

    /// Band `band` (and `count` bands from it).
    package func band(_ band: Int, count: Int = 1) throws(VipsError) -> VImage {
        try VOperation.call("extract_band", [("in", .image(self)), ("band", .int(band)), ("n", .int(count))]).image()
    }

    /// Blurred with a Gaussian of standard deviation `sigma`.
    package func blurred(sigma: Double) throws(VipsError) -> VImage {
        try VOperation.call("gaussblur", [("in", .image(self)), ("sigma", .double(sigma))]).image()
    }

    /// Alpha premultiplied into the colour bands (float).
    package func premultiplied() throws(VipsError) -> VImage {
        try VOperation.call("premultiply", [("in", .image(self))]).image()
    }
}
