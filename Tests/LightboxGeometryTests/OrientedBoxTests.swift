import Foundation
import Testing

@testable import LightboxGeometry

/// Oriented boxes: corners and turned rects to pixel frames, padding, bounds, and the map into the upright crop.
@Suite struct OrientedBoxTests {
    /// (corners on a 100 x 100 photo, centre, top edge direction, width, height).
    static let cornerFrames: [([CGPoint], CGPoint, CGPoint, Double, Double)] = [
        // Clockwise, top left first: the box as it is.
        (
            [CGPoint(x: 0.1, y: 0.2), CGPoint(x: 0.5, y: 0.2), CGPoint(x: 0.5, y: 0.6), CGPoint(x: 0.1, y: 0.6)],
            CGPoint(x: 30, y: 40), CGPoint(x: 1, y: 0), 40, 40
        ),
        // Counter-clockwise from the bottom left: corner 1 to 2 is still the top edge, so turned half way.
        (
            [CGPoint(x: 0.1, y: 0.6), CGPoint(x: 0.5, y: 0.6), CGPoint(x: 0.5, y: 0.2), CGPoint(x: 0.1, y: 0.2)],
            CGPoint(x: 30, y: 40), CGPoint(x: -1, y: 0), 40, 40
        ),
        // Clockwise from the top right of a tall box: the right side is the top edge, turned a quarter.
        (
            [CGPoint(x: 0.5, y: 0.1), CGPoint(x: 0.5, y: 0.9), CGPoint(x: 0.3, y: 0.9), CGPoint(x: 0.3, y: 0.1)],
            CGPoint(x: 40, y: 50), CGPoint(x: 0, y: 1), 80, 20
        ),
        // A 3-4-5 box turned by atan(3/4): top edge 50 long, sides 25.
        (
            [CGPoint(x: 0.1, y: 0.1), CGPoint(x: 0.5, y: 0.4), CGPoint(x: 0.35, y: 0.6), CGPoint(x: -0.05, y: 0.3)],
            CGPoint(x: 22.5, y: 35), CGPoint(x: 0.8, y: 0.6), 50, 25
        ),
    ]

    @Test(arguments: cornerFrames)
    func cornersGiveTheFrame(corners: [CGPoint], centre: CGPoint, top: CGPoint, width: Double, height: Double) throws {
        let frame = try #require(OrientedBox(corners: corners)).frame(width: 100, height: 100)
        #expect(close(frame.centre, centre) && close(frame.top, top))
        #expect(abs(frame.width - width) < 1e-9 && abs(frame.height - height) < 1e-9)
    }

    /// (degrees counter-clockwise, the top edge's direction): y points down on a photo.
    static let turns: [(Double, CGPoint)] = [
        (0, CGPoint(x: 1, y: 0)), (90, CGPoint(x: 0, y: -1)), (180, CGPoint(x: -1, y: 0)),
        (-90, CGPoint(x: 0, y: 1)), (30, CGPoint(x: cos(Double.pi / 6), y: -0.5)),
    ]

    @Test(arguments: turns)
    func aTurnedRectKeepsItsPixelSides(degrees: Double, top: CGPoint) {
        let box = OrientedBox(rect: CGRect(x: 0.2, y: 0.2, width: 0.4, height: 0.2), degrees: degrees)
        let frame = box.frame(width: 200, height: 100)
        #expect(close(frame.top, top) && close(frame.centre, CGPoint(x: 80, y: 30)))
        #expect(abs(frame.width - 80) < 1e-9 && abs(frame.height - 20) < 1e-9)
    }

    @Test func aQuarterTurnedRectHasTheseCornersAndBounds() {
        let box = OrientedBox(rect: CGRect(x: 0.2, y: 0.2, width: 0.4, height: 0.2), degrees: 90)
        let corners = box.frame(width: 200, height: 100).corners
        let expected = [CGPoint(x: 70, y: 70), CGPoint(x: 70, y: -10), CGPoint(x: 90, y: -10), CGPoint(x: 90, y: 70)]
        #expect(zip(corners, expected).allSatisfy { close($0, $1) })
        let bounds = box.bounds(width: 200, height: 100)
        #expect(
            close(bounds.origin, CGPoint(x: 0.35, y: -0.1))
                && close(CGPoint(x: bounds.width, y: bounds.height), CGPoint(x: 0.1, y: 0.8)))
    }

    @Test func paddingGrowsTheBoxInItsOwnFrame() throws {
        let box = try #require(OrientedBox(corners: Self.cornerFrames[3].0))
        let frame = box.padded(by: 0.1).frame(width: 100, height: 100)
        #expect(abs(frame.width - 60) < 1e-9 && abs(frame.height - 30) < 1e-9)
        #expect(close(frame.centre, CGPoint(x: 22.5, y: 35)) && close(frame.top, CGPoint(x: 0.8, y: 0.6)))
        let turned = OrientedBox(rect: CGRect(x: 0.2, y: 0.2, width: 0.4, height: 0.2), degrees: 30).padded(by: 0.25)
        let grown = turned.frame(width: 200, height: 100)
        #expect(abs(grown.width - 120) < 1e-9 && abs(grown.height - 30) < 1e-9)
    }

    @Test func squaringGrowsTheShortSide() {
        let frame = BoxFrame(centre: CGPoint(x: 10, y: 10), top: CGPoint(x: 0, y: 2), width: 30, height: 12).squared()
        #expect(frame.width == 30 && frame.height == 30 && frame.top == CGPoint(x: 0, y: 1))
        #expect(frame.outputSize == (30, 30))
    }

    @Test func fewerOrMoreThanFourCornersOrANaNAreNoBox() {
        #expect(OrientedBox(corners: [.zero, .zero, .zero]) == nil)
        #expect(OrientedBox(corners: [.zero, .zero, .zero, CGPoint(x: Double.nan, y: 0)]) == nil)
    }

    /// The crop's corners land on the output's corners, whatever the orientation the photo is stored with.
    @Test(arguments: ExifOrientation.allCases)
    func theOutputMapTakesTheBoxCornersToTheCropCorners(orientation: ExifOrientation) throws {
        let stored = (width: 120, height: 80)
        let shown = orientation.displayedSize(width: stored.width, height: stored.height)
        let box = try #require(OrientedBox(corners: Self.cornerFrames[3].0))
        let frame = box.frame(width: shown.width, height: shown.height)
        let (m, b) = frame.outputFromStored(orientation: orientation, width: stored.width, height: stored.height)
        let (a, t) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        let size = frame.outputSize
        let targets = [
            (0.0, 0.0), (Double(size.width), 0), (Double(size.width), Double(size.height)), (0, Double(size.height)),
        ]
        for (corner, target) in zip(frame.corners, targets) {
            let s = (a[0] * corner.x + a[1] * corner.y + t.0, a[2] * corner.x + a[3] * corner.y + t.1)
            let out = (m[0] * s.0 + m[1] * s.1 + b.0, m[2] * s.0 + m[3] * s.1 + b.1)
            #expect(abs(out.0 - target.0) < 1e-9 && abs(out.1 - target.1) < 1e-9)
        }
    }

    private func close(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }
}
