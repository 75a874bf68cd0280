import CVips

/// The one generic path to every libvips operation: new, set arguments, build through the cache, read outputs.
package enum VOperation {
    /// Runs operation `name` with `arguments` and returns the outputs named in `outputs`.
    ///
    /// Set `cached: false` for an operation whose result the caller will modify (metadata edits).
    /// Every argument is a typed value: no text reaches libvips' own option parser, which would
    /// set any argument an operation has (a saver's `profile` opens the file it names).
    package static func call(
        _ name: String,
        _ arguments: [(String, VValue)],
        outputs: [String] = ["out"],
        cached: Bool = true
    ) throws(VipsError) -> VOutputs {
        Vips.ensureStarted()
        guard let operation = vips_operation_new(name) else {
            throw VipsError.fromBuffer("\(name)")
        }
        do throws(VipsError) {
            for (argument, value) in arguments {
                try set(argument, value, on: operation, name: name)
            }
        } catch {
            lbx_discard(operation)
            throw error
        }
        let built = cached ? lbx_build(operation) : lbx_build_uncached(operation)
        guard let built else { throw VipsError.fromBuffer(name) }
        defer { lbx_finish(built) }
        var results: [String: VOutput] = [:]
        for output in outputs {
            results[output] = try read(output, from: built, name: name)
        }
        return VOutputs(operation: name, values: results)
    }

    /// Whether operation `name` has an argument called `argument`.
    package static func hasArgument(_ name: String, _ argument: String) -> Bool {
        Vips.ensureStarted()
        guard let operation = vips_operation_new(name) else {
            vips_error_clear()
            return false
        }
        defer { lbx_discard(operation) }
        return lbx_argument_type(operation, argument) != 0
    }

    /// The optional inputs of operation `name` (a saver's options), in libvips' order.
    package static func optionalInputs(of name: String) -> [String] {
        Vips.ensureStarted()
        guard let operation = vips_operation_new(name) else {
            vips_error_clear()
            return []
        }
        defer { lbx_discard(operation) }
        var names: [String] = []
        for index in 0..<lbx_argument_count(operation) {
            var argument: UnsafePointer<CChar>?
            if lbx_optional_input(operation, Int32(index), &argument) != 0, let argument {
                names.append(String(cString: argument))
            }
        }
        return names
    }

    /// The bounds libvips declares for a numeric argument of operation `name`, or nil when it has
    /// none (not numeric, or no such argument): what Lightbox's own option ranges are checked against.
    package static func range(of argument: String, in name: String) -> ClosedRange<Double>? {
        Vips.ensureStarted()
        guard let operation = vips_operation_new(name) else {
            vips_error_clear()
            return nil
        }
        defer { lbx_discard(operation) }
        var minimum = 0.0
        var maximum = 0.0
        guard lbx_argument_range(operation, argument, &minimum, &maximum) != 0 else { return nil }
        return minimum...maximum
    }

    private static func set(
        _ argument: String, _ value: VValue, on operation: UnsafeMutablePointer<VipsOperation>, name: String
    ) throws(VipsError) {
        let type = lbx_argument_type(operation, argument)
        guard type != 0 else {
            vips_error_clear()
            throw VipsError("\(name) has no argument '\(argument)'")
        }
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        try value.store(in: &gvalue, type: type, argument: argument)
        lbx_set_property(operation, argument, &gvalue)
    }

    private static func read(
        _ output: String, from operation: UnsafeMutablePointer<VipsOperation>, name: String
    ) throws(VipsError) -> VOutput {
        let type = lbx_argument_type(operation, output)
        guard type != 0 else {
            vips_error_clear()
            throw VipsError("\(name) has no output '\(output)'")
        }
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        lbx_get_property(operation, output, &gvalue)
        return try VOutput(gvalue: &gvalue, type: type, argument: output)
    }
}
