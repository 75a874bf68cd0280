import CVips

/// One output value read back from a built operation.
package enum VOutput: Sendable {
    /// An integer (or an enum's number).
    case int(Int)
    /// A double.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// A string.
    case string(String)
    /// An array of doubles.
    case doubles([Double])
    /// An image.
    case image(VImage)
    /// Bytes (a `VipsBlob`), such as a file a `_buffer` saver made.
    case blob([UInt8])

    /// Reads a GValue of `type` into an output value.
    init(gvalue: inout GValue, type: GType, argument: String) throws(VipsError) {
        if type == vips_image_get_type() {
            guard let pointer = lbx_value_dup_image(&gvalue) else {
                throw VipsError("output '\(argument)' holds no image")
            }
            self = .image(VImage(owning: pointer))
        } else if type == lbx_type_int() {
            self = .int(Int(g_value_get_int(&gvalue)))
        } else if type == lbx_type_double() {
            self = .double(g_value_get_double(&gvalue))
        } else if type == lbx_type_boolean() {
            self = .bool(g_value_get_boolean(&gvalue) != 0)
        } else if type == lbx_type_string() {
            self = .string(g_value_get_string(&gvalue).map { String(cString: $0) } ?? "")
        } else if type == vips_array_double_get_type() {
            var count: Int32 = 0
            let array = vips_value_get_array_double(&gvalue, &count)
            self = .doubles((0..<Int(count)).map { array?[$0] ?? 0 })
        } else if type == vips_blob_get_type() {
            var length = 0
            let area = vips_value_get_blob(&gvalue, &length)
            self = .blob(area.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? [])
        } else if lbx_type_is_enum(type) != 0 {
            self = .int(Int(g_value_get_enum(&gvalue)))
        } else {
            throw VipsError("output '\(argument)' has a type the binding does not read")
        }
    }
}
