import Foundation
import Testing

@testable import LightboxGeometry

/// Shapes as values: their bounds and outlines, and a JSON round trip (how a job can carry them).
@Suite struct CropShapeTests {
    static let box = OrientedBox(rect: CGRect(x: 0.2, y: 0.2, width: 0.4, height: 0.2), degrees: 90)
    static let triangle = PolygonShape(parts: [
        [CGPoint(x: 0.1, y: 0.1), CGPoint(x: 0.5, y: 0.2), CGPoint(x: 0.3, y: 0.6)]
    ])!
    static let mask = RunLengthMask(width: 3, height: 2, counts: [1, 2, 3])!

    /// (shape, its kind, its bounds on a 200 x 100 photo).
    static let shapes: [(CropShape, String, CGRect)] = [
        (.oriented(box), "oriented box", CGRect(x: 0.35, y: -0.1, width: 0.1, height: 0.8)),
        (.polygon(triangle), "polygon", CGRect(x: 0.1, y: 0.1, width: 0.4, height: 0.5)),
        (.mask(mask), "mask", CGRect(x: 0, y: 0, width: 2.0 / 3, height: 1)),
    ]

    @Test(arguments: shapes)
    func boundsKindAndACodableRoundTrip(shape: CropShape, kind: String, bounds: CGRect) throws {
        #expect(shape.kind == kind)
        let found = shape.bounds(width: 200, height: 100)
        #expect(abs(found.minX - bounds.minX) < 1e-9 && abs(found.minY - bounds.minY) < 1e-9)
        #expect(abs(found.width - bounds.width) < 1e-9 && abs(found.height - bounds.height) < 1e-9)
        let data = try JSONEncoder().encode(shape)
        #expect(try JSONDecoder().decode(CropShape.self, from: data) == shape)
    }

    @Test func outlinesAreCornersOrPartsAndAMaskHasNone() {
        let corners = CropShape.oriented(Self.box).outline(width: 200, height: 100)?.parts[0] ?? []
        #expect(corners.count == 4 && abs(corners[0].x - 0.35) < 1e-9 && abs(corners[0].y - 0.7) < 1e-9)
        #expect(CropShape.polygon(Self.triangle).outline(width: 200, height: 100) == Self.triangle)
        #expect(CropShape.mask(Self.mask).outline(width: 200, height: 100) == nil)
    }
}
