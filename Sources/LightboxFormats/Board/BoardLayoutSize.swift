import Foundation

/// A size written as `{"width": .., "height": ..}` (a `CGSize` encodes itself as `[width, height]`).
package struct BoardLayoutSize: Encodable, Sendable, Equatable {
    /// The size.
    package let size: CGSize

    /// Wraps `size`.
    package init(_ size: CGSize) {
        self.size = size
    }

    /// Writes the width, then the height.
    package func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: BoardFields.Key.self)
        try object.encode(Double(size.width), forKey: BoardFields.Key("width"))
        try object.encode(Double(size.height), forKey: BoardFields.Key("height"))
    }
}
