import CVips

/// Typed wrappers for assembling frames: constant bands, joining images, frame metadata.
extension VImage {
    /// Constant bands `values` appended after this image's, such as an opaque alpha.
    package func appendingBands(_ values: [Double]) throws(VipsError) -> VImage {
        try VOperation.call("bandjoin_const", [("in", .image(self)), ("c", .doubles(values))]).image()
    }

    /// `images` joined into one image, `across` per row (1 stacks them top to bottom).
    package static func joined(_ images: [VImage], across: Int = 1) throws(VipsError) -> VImage {
        try VOperation.call("arrayjoin", [("in", .images(images)), ("across", .int(across))]).image()
    }

    /// A private copy with integer metadata `ints` and integer-array metadata `arrays` set.
    ///
    /// This is how an animation is described to the GIF and WebP savers: `page-height`, `loop`
    /// and `delay` (milliseconds per frame).
    package func settingMetadata(ints: [(String, Int)], arrays: [(String, [Int])] = []) throws(VipsError) -> VImage {
        let copy = try VOperation.call("copy", [("in", .image(self))], cached: false).image()
        for (name, value) in ints {
            vips_image_set_int(copy.pointer, name, Int32(clamping: value))
        }
        for (name, values) in arrays {
            var numbers = values.map { Int32(clamping: $0) }
            numbers.withUnsafeMutableBufferPointer {
                vips_image_set_array_int(copy.pointer, name, $0.baseAddress, Int32($0.count))
            }
        }
        return copy
    }

    /// The integer metadata field `name`, or nil when it is absent.
    package func intField(_ name: String) -> Int? {
        guard hasField(name) else { return nil }
        var value: Int32 = 0
        guard vips_image_get_int(pointer, name, &value) == 0 else {
            vips_error_clear()
            return nil
        }
        return Int(value)
    }

    /// The text metadata field `name` (such as a HEIF's `heif-compression`), or nil when it is absent.
    package func stringField(_ name: String) -> String? {
        guard hasField(name) else { return nil }
        var text: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, name, &text) == 0, let text else {
            vips_error_clear()
            return nil
        }
        return String(cString: text)
    }

    /// The integer-array metadata field `name` (such as an animation's `delay`), empty when absent.
    package func intArrayField(_ name: String) -> [Int] {
        guard hasField(name) else { return [] }
        var values: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        guard vips_image_get_array_int(pointer, name, &values, &count) == 0, let values else {
            vips_error_clear()
            return []
        }
        return (0..<Int(count)).map { Int(values[$0]) }
    }
}
