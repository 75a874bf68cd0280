import CVips

/// Raw pixels in and out, so a worker process can hand a decoded image to its parent.
extension VImage {
    /// The 8-bit pixels, band-interleaved row by row (`width * height * bands` bytes).
    package func ucharBytes() throws(VipsError) -> [UInt8] {
        guard format == "uchar" else { throw VipsError("raw pixels: expected 8-bit bands, got \(format)") }
        return try EvaluationGuard.evaluate(self, context: "write to memory") { (guarded: VImage) throws(VipsError) in
            var size = 0
            guard let buffer = vips_image_write_to_memory(guarded.pointer, &size) else {
                throw VipsError.fromBuffer("write to memory")
            }
            defer { g_free(buffer) }
            return Array(UnsafeRawBufferPointer(start: buffer, count: size))
        }
    }

    /// An 8-bit image of `bands` bands copied from `bytes` and labelled `interpretation`.
    package static func fromUCharBytes(
        _ bytes: [UInt8], width: Int, height: Int, bands: Int, interpretation: String = "srgb"
    ) throws(VipsError) -> VImage {
        guard width > 0, height > 0, bands > 0, bytes.count == width * height * bands else {
            throw VipsError("raw pixels: \(bytes.count) bytes do not make \(width)x\(height)x\(bands)")
        }
        Vips.ensureStarted()
        let made = bytes.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(
                raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        }
        guard let made else { throw VipsError.fromBuffer("image from memory") }
        return try VImage(owning: made).interpreted(interpretation)
    }
}
