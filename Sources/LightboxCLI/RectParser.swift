import Foundation

/// Reads a normalized rect written `x,y,width,height`.
package enum RectParser {
    /// The rect in `text`, or a message saying what is wrong with it.
    package static func parse(_ text: String) -> Result<CGRect, RectParseError> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else {
            return .failure(RectParseError("expected 4 numbers x,y,width,height, got \(parts.count)"))
        }
        var numbers: [Double] = []
        for (name, part) in zip(["x", "y", "width", "height"], parts) {
            guard let number = Double(part) else {
                return .failure(RectParseError("\(name) '\(part)' is not a number"))
            }
            numbers.append(number)
        }
        return .success(CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }
}

/// Why a rect could not be read.
package struct RectParseError: Error, Equatable, Sendable {
    /// The reason, naming the field.
    package let message: String

    /// Makes an error.
    package init(_ message: String) {
        self.message = message
    }
}
