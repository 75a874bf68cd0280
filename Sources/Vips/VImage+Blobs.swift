import CVips

/// Metadata fields that hold bytes, such as the ICC profile (`icc-profile-data`).
extension VImage {
    /// The bytes of field `name`, or nil when it is absent or holds no bytes.
    package func blobField(_ name: String) -> [UInt8]? {
        guard hasField(name) else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, name, &data, &length) == 0, let data else {
            vips_error_clear()
            return nil
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// A private copy with field `name` set to `bytes` (libvips keeps its own copy).
    package func settingBlob(_ name: String, _ bytes: [UInt8]) throws(VipsError) -> VImage {
        let copy = try VOperation.call("copy", [("in", .image(self))], cached: false).image()
        bytes.withUnsafeBytes { vips_image_set_blob_copy(copy.pointer, name, $0.baseAddress, $0.count) }
        return copy
    }

    /// Whether lcms reads `profile` as a profile for this image's colour space (libvips'
    /// `vips_icc_is_compatible_profile`), so `icc_transform` can convert through it.
    package func readsProfile(_ profile: [UInt8]) -> Bool {
        profile.withUnsafeBytes { vips_icc_is_compatible_profile(pointer, $0.baseAddress, $0.count) != 0 }
    }
}
