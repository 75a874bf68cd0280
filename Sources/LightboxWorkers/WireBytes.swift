import Foundation

/// Bytes that cross the worker pipe beside a message's JSON, not in it (`WorkerMessage`): the
/// JSON holds the run's number. Encoded by any other encoder, they are base64 text.
package struct WireBytes: Codable, Sendable, Equatable {
    /// The bytes.
    package var bytes: [UInt8]

    /// Wraps `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The key under which `WorkerMessage` hands its encoder and decoder the runs.
    static let key = CodingUserInfoKey(rawValue: "lightbox.wireBytes")!

    /// The runs of one message, in the order they were set aside; one message is encoded or
    /// decoded on one thread.
    final class Runs: @unchecked Sendable {
        /// The runs so far (encoding), or all of them (decoding).
        private(set) var taken: [[UInt8]]

        /// Runs to be added to (encoding) or read (decoding).
        init(_ runs: [[UInt8]] = []) {
            taken = runs
        }

        /// Sets `bytes` aside and returns its number.
        func add(_ bytes: [UInt8]) -> Int {
            taken.append(bytes)
            return taken.count - 1
        }

        /// Run `number`, or nil when the message has none such.
        func run(_ number: Int) -> [UInt8]? {
            taken.indices.contains(number) ? taken[number] : nil
        }
    }

    /// Writes the run's number when a `WorkerMessage` is being made, else the bytes as base64.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let runs = encoder.userInfo[WireBytes.key] as? Runs {
            try container.encode(runs.add(bytes))
        } else {
            try container.encode(Data(bytes).base64EncodedString())
        }
    }

    /// Reads what `encode(to:)` wrote.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let runs = decoder.userInfo[WireBytes.key] as? Runs {
            guard let bytes = runs.run(try container.decode(Int.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "no such run of bytes")
            }
            self.bytes = bytes
        } else {
            guard let data = Data(base64Encoded: try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not base64")
            }
            bytes = Array(data)
        }
    }
}
