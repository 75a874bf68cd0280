import CVips

/// A value for one argument of a libvips operation; its GType comes from the operation's own spec.
public enum VValue: Sendable {
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
    /// An image.
    case image(VImage)
    /// An array of images.
    case images([VImage])
}

extension VValue {
    /// Fills `gvalue`, already initialised to `type`, with this value.
    func store(in gvalue: inout GValue, type: GType, argument: String) throws(VipsError) {
        switch self {
        case .int(let number):
            try storeNumber(Double(number), in: &gvalue, type: type, argument: argument)
        case .double(let number):
            try storeNumber(number, in: &gvalue, type: type, argument: argument)
        case .bool(let flag):
            g_value_set_boolean(&gvalue, flag ? 1 : 0)
        case .string(let text):
            g_value_set_string(&gvalue, text)
        case .nick(let nick):
            try storeNick(nick, in: &gvalue, type: type, argument: argument)
        case .doubles(let numbers):
            numbers.withUnsafeBufferPointer { buffer in
                vips_value_set_array_double(&gvalue, buffer.baseAddress, Int32(buffer.count))
            }
        case .image(let image):
            g_value_set_object(&gvalue, image.pointer)
        case .images(let images):
            vips_value_set_array_image(&gvalue, Int32(images.count))
            let array = vips_value_get_array_image(&gvalue, nil)
            for (index, image) in images.enumerated() {
                lbx_image_ref(image.pointer)
                array?[index] = image.pointer
            }
        }
    }

    private func storeNumber(_ number: Double, in gvalue: inout GValue, type: GType, argument: String) throws(VipsError) {
        if type == lbx_type_double() {
            g_value_set_double(&gvalue, number)
        } else if type == lbx_type_int() {
            g_value_set_int(&gvalue, Int32(clamping: Int(number)))
        } else if type == lbx_type_boolean() {
            g_value_set_boolean(&gvalue, number != 0 ? 1 : 0)
        } else if lbx_type_is_enum(type) != 0 {
            g_value_set_enum(&gvalue, Int32(clamping: Int(number)))
        } else if type == vips_array_double_get_type() {
            var single = number
            vips_value_set_array_double(&gvalue, &single, 1)
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
