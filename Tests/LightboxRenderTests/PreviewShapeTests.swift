import Foundation
import LightboxGeometry
import LightboxRender
import Testing

/// What a preview outlines: the turned box for any oriented box, a polygon or mask when masked,
/// else the rect that was cut.
@Suite struct PreviewShapeTests {
    static let rect = CGRect(x: 0.2, y: 0.3, width: 0.4, height: 0.2)
    static let turned = CropShape.oriented(OrientedBox(rect: rect, degrees: 30))
    static let polygon = CropShape.polygon(
        PolygonShape(parts: [[CGPoint(x: 0.2, y: 0.3), CGPoint(x: 0.6, y: 0.3), CGPoint(x: 0.4, y: 0.5)]])!)
    static let runs = CropShape.mask(RunLengthMask(width: 2, height: 2, counts: [1, 2, 1])!)

    /// The case a preview draws, by name: rect, turned, polygon or mask.
    static func kind(_ shape: PreviewShape) -> String {
        switch shape {
        case .rect: return "rect"
        case .turned: return "turned"
        case .polygon: return "polygon"
        case .mask: return "mask"
        }
    }

    /// (shape, cut, what the preview outlines).
    @Test(arguments: [
        (CropShape?.none, CropCut(), "rect"), (nil, CropCut(mask: true), "rect"),
        (turned, CropCut(), "turned"), (turned, CropCut(oriented: .upright), "turned"),
        (turned, CropCut(mask: true), "turned"),
        (polygon, CropCut(), "rect"), (polygon, CropCut(mask: true), "polygon"),
        (runs, CropCut(), "rect"), (runs, CropCut(mask: true), "mask"),
    ])
    func outlinesWhatWasCut(shape: CropShape?, cut: CropCut, kind: String) {
        let preview = PreviewShape.of(rect: Self.rect, shape: shape, cut: cut, square: false, image: (640, 480))
        #expect(Self.kind(preview) == kind)
    }

    /// A turned box's corners go round it from its own top left, its top edge turned 30 degrees
    /// counter-clockwise as seen (y down): 256 by 96 pixels on a 640x480 photo.
    @Test func aTurnedBoxsCornersLieOnItsTurnedEdges() throws {
        let preview = PreviewShape.of(
            rect: Self.rect, shape: Self.turned, cut: CropCut(), square: false, image: (640, 480))
        guard case .turned(let corners) = preview else { Issue.record("\(preview)"); return }
        let pixels = corners.map { CGPoint(x: $0.x * 640, y: $0.y * 480) }
        let top = CGPoint(x: pixels[1].x - pixels[0].x, y: pixels[1].y - pixels[0].y)
        let side = CGPoint(x: pixels[3].x - pixels[0].x, y: pixels[3].y - pixels[0].y)
        #expect(abs(hypot(top.x, top.y) - 256) < 1e-6 && abs(hypot(side.x, side.y) - 96) < 1e-6)
        #expect(abs(atan2(-top.y, top.x) * 180 / .pi - 30) < 1e-9)
        #expect(abs(top.x * side.x + top.y * side.y) < 1e-6)
        let centre = CGPoint(x: pixels.map(\.x).reduce(0, +) / 4, y: pixels.map(\.y).reduce(0, +) / 4)
        #expect(abs(centre.x - 256) < 1e-6 && abs(centre.y - 192) < 1e-6)
    }

    /// An upright cut with --square squares the box itself, so the preview shows the square cut.
    @Test func anUprightSquareIsOutlinedSquare() throws {
        let preview = PreviewShape.of(
            rect: Self.rect, shape: Self.turned, cut: CropCut(oriented: .upright), square: true, image: (640, 480))
        guard case .turned(let corners) = preview else { Issue.record("\(preview)"); return }
        let pixels = corners.map { CGPoint(x: $0.x * 640, y: $0.y * 480) }
        let sides = [(0, 1), (1, 2)].map { hypot(pixels[$0.1].x - pixels[$0.0].x, pixels[$0.1].y - pixels[$0.0].y) }
        #expect(abs(sides[0] - 256) < 1e-6 && abs(sides[1] - 256) < 1e-6)
    }

    /// Without the photo's size there is nothing to turn: the rect is drawn.
    @Test func anUnopenedPhotoGivesTheRect() {
        let preview = PreviewShape.of(rect: Self.rect, shape: Self.turned, cut: CropCut(), square: false, image: nil)
        #expect(preview == .rect(Self.rect))
    }
}
