import Foundation

/// A rect written `x,y,width,height`; its usage error names the field at fault.
extension CGRect: ArgumentValue {
    /// Reads `x,y,width,height` (NaN is read, and refused later by the crop's checks).
    init?(argument: String) {
        guard case .success(let rect) = RectParser.parse(argument) else { return nil }
        self = rect
    }

    /// The form.
    static var expected: String { "expected 4 numbers x,y,width,height" }

    /// The field at fault, such as `x 'a' is not a number`.
    static func problem(with argument: String) -> String {
        guard case .failure(let error) = RectParser.parse(argument) else { return expected }
        return error.message
    }
}
