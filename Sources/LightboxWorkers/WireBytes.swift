import Foundation

/// Bytes that cross the worker pipe as one run (`WireEncoder` writes them as they are, not as a
/// list of numbers); any other encoder writes them as base64 text.
package struct WireBytes: Codable, Sendable, Equatable {
    /// The bytes.
    package var bytes: [UInt8]

    /// Wraps `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The bytes as base64 text, for an encoder other than `WireEncoder`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(bytes).base64EncodedString())
    }

    /// Reads what `encode(to:)` wrote.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let data = Data(base64Encoded: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not base64")
        }
        bytes = Array(data)
    }
}
