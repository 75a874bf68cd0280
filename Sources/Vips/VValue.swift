import CVips

/// A value for one argument of a libvips operation; its GType comes from the operation's own spec.
package enum VValue: Sendable {
    /// An integer, or an enum given by its number.
    case int(Int)
    /// A double.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// A string (also a filename).
    case string(String)
    /// An enum (or flags) value given by its nick, such as `"centre"` or `"sequential"`.
    case nick(String)
    /// An array of doubles, such as a background colour or an affine matrix.
    case doubles([Double])
    /// An array of integers, such as composite's blend modes and positions.
    case ints([Int])
    /// An interpolator by nick ("nearest", "bilinear", "bicubic", "nohalo", ...).
    case interpolator(String)
    /// An image.
    case image(VImage)
    /// An array of images.
    case images([VImage])
    /// Bytes (a `VipsBlob`), such as an SVG document for `svgload_buffer`; libvips gets its own copy.
    case blob([UInt8])
}

extension VValue {
    /// Fills `gvalue`, already initialised to `type`, with this value; a kind that does not fit `type` throws.
    func store(in gvalue: inout GValue, type: GType, argument: String) throws(VipsError) {
        let mismatch = VipsError("argument '\(argument)' does not take \(kindName)")
        switch self {
        case .int(let number):
            try storeNumber(Double(number), in: &gvalue, type: type, argument: argument)
        case .double(let number):
            try storeNumber(number, in: &gvalue, type: type, argument: argument)
        case .bool(let flag):
            guard type == lbx_type_boolean() else { throw mismatch }
            g_value_set_boolean(&gvalue, flag ? 1 : 0)
        case .string(let text):
            guard type == lbx_type_string() else { throw mismatch }
            g_value_set_string(&gvalue, text)
        case .nick(let nick):
            try storeNick(nick, in: &gvalue, type: type, argument: argument)
        case .doubles(let numbers):
            try VValue.storeArray(numbers, in: &gvalue, type: type, mismatch: mismatch)
        case .ints(let numbers):
            try VValue.storeArray(numbers.map(Double.init), in: &gvalue, type: type, mismatch: mismatch)
        case .interpolator(let nick):
            guard type == vips_interpolate_get_type() else { throw mismatch }
            guard let interpolate = vips_interpolate_new(nick) else {
                throw VipsError.fromBuffer("argument '\(argument)'")
            }
            g_value_set_object(&gvalue, interpolate)
            g_object_unref(interpolate)
        case .blob(let bytes):
            guard type == vips_blob_get_type() else { throw mismatch }
            let blob = bytes.withUnsafeBytes { vips_blob_copy($0.baseAddress, $0.count) }
            g_value_set_boxed(&gvalue, blob)
            vips_area_unref(lbx_blob_area(blob))
        case .image(let image):
            guard type == vips_image_get_type() else { throw mismatch }
            g_value_set_object(&gvalue, image.pointer)
        case .images(let images):
            guard type == vips_array_image_get_type() else { throw mismatch }
            vips_value_set_array_image(&gvalue, Int32(images.count))
            let array = vips_value_get_array_image(&gvalue, nil)
            for (index, image) in images.enumerated() {
                lbx_image_ref(image.pointer)
                array?[index] = image.pointer
            }
        }
    }

    /// The kind of value, for messages.
    private var kindName: String {
        switch self {
        case .int, .double: return "a number"
        case .bool: return "a boolean"
        case .string: return "a string"
        case .nick: return "an enum nick"
        case .doubles, .ints: return "an array of numbers"
        case .interpolator: return "an interpolator"
        case .blob: return "bytes"
        case .image: return "an image"
        case .images: return "an array of images"
        }
    }

    /// Stores numbers into a double-array or int-array GValue, whichever `type` is.
    private static func storeArray(
        _ numbers: [Double], in gvalue: inout GValue, type: GType, mismatch: VipsError
    ) throws(VipsError) {
        if type == vips_array_double_get_type() {
            numbers.withUnsafeBufferPointer { vips_value_set_array_double(&gvalue, $0.baseAddress, Int32($0.count)) }
        } else if type == vips_array_int_get_type() {
            let values = numbers.map { Int32(clamping: Int($0.rounded())) }
            values.withUnsafeBufferPointer { vips_value_set_array_int(&gvalue, $0.baseAddress, Int32($0.count)) }
        } else {
            throw mismatch
        }
    }

    private func storeNumber(_ number: Double, in gvalue: inout GValue, type: GType, argument: String) throws(VipsError)
    {
        if type == lbx_type_double() {
            g_value_set_double(&gvalue, number)
        } else if type == lbx_type_int() {
            g_value_set_int(&gvalue, Int32(clamping: Int(number)))
        } else if type == lbx_type_boolean() {
            g_value_set_boolean(&gvalue, number != 0 ? 1 : 0)
        } else if lbx_type_is_enum(type) != 0 {
            g_value_set_enum(&gvalue, Int32(clamping: Int(number)))
        } else if type == vips_array_double_get_type() || type == vips_array_int_get_type() {
            try VValue.storeArray([number], in: &gvalue, type: type, mismatch: VipsError("argument '\(argument)'"))
        } else {
            throw VipsError("argument '\(argument)' does not take a number")
        }
    }

    private func storeNick(_ nick: String, in gvalue: inout GValue, type: GType, argument: String) throws(VipsError) {
        if lbx_type_is_enum(type) != 0 {
            let value = vips_enum_from_nick("lightbox", type, nick)
            guard value >= 0 else { throw VipsError.fromBuffer("argument '\(argument)'") }
            g_value_set_enum(&gvalue, value)
        } else if lbx_type_is_flags(type) != 0 {
            let value = vips_flags_from_nick("lightbox", type, nick)
            guard value >= 0 else { throw VipsError.fromBuffer("argument '\(argument)'") }
            g_value_set_flags(&gvalue, UInt32(value))
        } else {
            throw VipsError("argument '\(argument)' is not an enum")
        }
    }
}
