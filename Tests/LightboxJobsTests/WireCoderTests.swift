import Foundation
import LightboxWorkers
import Testing

/// The binary Codable form of the worker pipe (`WorkerMessage`): any value comes back equal, a
/// container followed by more of its parent's entries included, and a damaged message is no value.
@Suite struct WireCoderTests {
    /// A value with what synthesized code does not write: a nested container with entries after it.
    struct Handmade: Codable, Equatable {
        var name: String
        var corners: [Double]
        var tail: Int?

        private enum Keys: String, CodingKey { case name, corners, tail }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var corners = container.nestedUnkeyedContainer(forKey: .corners)
            for corner in self.corners { try corners.encode(corner) }
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(tail, forKey: .tail)
        }

        init(name: String, corners: [Double], tail: Int?) {
            (self.name, self.corners, self.tail) = (name, corners, tail)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            var corners = try container.nestedUnkeyedContainer(forKey: .corners)
            var read: [Double] = []
            while !corners.isAtEnd { read.append(try corners.decode(Double.self)) }
            (self.corners, name) = (read, try container.decode(String.self, forKey: .name))
            tail = try container.decodeIfPresent(Int.self, forKey: .tail)
        }
    }

    /// Every shape a message takes.
    enum Shape: Codable, Equatable {
        case made(Handmade)
        case list([Int?], flag: Bool)
        case empty
        case numbers(Int8, UInt64, Float, Double)
    }

    @Test(arguments: [
        Shape.made(Handmade(name: "é \u{0}\"", corners: [0, -0.5, .infinity, .greatestFiniteMagnitude], tail: nil)),
        .made(Handmade(name: "", corners: [], tail: -1)),
        .list([1, nil, Int.min, Int.max], flag: true), .list([], flag: false), .empty,
        .numbers(-128, .max, 0.25, -0.0),
    ])
    func everyShapeComesBackEqual(shape: Shape) throws {
        let bytes = WorkerMessage.bytes(of: shape)
        #expect(WorkerMessage.value(Shape.self, from: bytes) == shape)
        for keep in Set([0, 1, 9, 17, bytes.count / 2, bytes.count - 1]) where keep < bytes.count {
            #expect(WorkerMessage.value(Shape.self, from: Array(bytes.prefix(keep))) == nil)
        }
        #expect(WorkerMessage.value(Shape.self, from: bytes + [0]) == nil)
    }

    /// A NaN comes back a NaN.
    @Test func notANumberComesBack() throws {
        let back = WorkerMessage.value([Double].self, from: WorkerMessage.bytes(of: [Double.nan]))
        #expect(back?.first?.isNaN == true)
    }
}
