/// The outputs of one operation call, by argument name, with typed accessors.
package struct VOutputs: Sendable {
    /// The operation's name, for error messages.
    package let operation: String
    /// The values read, by output name.
    package let values: [String: VOutput]

    /// The image output `name` (by default `out`).
    package func image(_ name: String = "out") throws(VipsError) -> VImage {
        guard case .image(let image) = values[name] else { throw missing(name, "an image") }
        return image
    }

    /// The double output `name`.
    package func double(_ name: String) throws(VipsError) -> Double {
        switch values[name] {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: throw missing(name, "a number")
        }
    }

    /// The integer output `name`.
    package func int(_ name: String) throws(VipsError) -> Int {
        guard case .int(let value) = values[name] else { throw missing(name, "an integer") }
        return value
    }

    /// The double-array output `name`.
    package func doubles(_ name: String) throws(VipsError) -> [Double] {
        guard case .doubles(let value) = values[name] else { throw missing(name, "an array") }
        return value
    }

    /// The bytes output `name` (a `VipsBlob`).
    package func blob(_ name: String) throws(VipsError) -> [UInt8] {
        guard case .blob(let value) = values[name] else { throw missing(name, "bytes") }
        return value
    }

    private func missing(_ name: String, _ kind: String) -> VipsError {
        VipsError("\(operation) gave no \(kind) for '\(name)'")
    }
}
