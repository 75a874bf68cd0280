import LightboxRender
import LightboxWorkers

/// Pixels across the worker pipe: the shape in the message's JSON, the bytes beside it (`WireBytes`).
extension PixelBuffer: Codable {
    /// The keys of the shape and the bytes.
    private enum CodingKeys: String, CodingKey {
        case width, height, bands, bytes
    }

    /// Writes the shape and sets the bytes aside.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(bands, forKey: .bands)
        try container.encode(WireBytes(bytes), forKey: .bytes)
    }

    /// Reads what `encode(to:)` wrote.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            width: try container.decode(Int.self, forKey: .width),
            height: try container.decode(Int.self, forKey: .height),
            bands: try container.decode(Int.self, forKey: .bands),
            bytes: try container.decode(WireBytes.self, forKey: .bytes).bytes)
    }
}
