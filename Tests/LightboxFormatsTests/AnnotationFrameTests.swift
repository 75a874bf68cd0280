import Foundation
import LightboxFormats
import LightboxGeometry
import Testing

/// Pixel boxes in the stored frame, turned to the displayed frame, against the geometry's own mapping.
@Suite struct AnnotationFrameTests {
    @Test(arguments: ExifOrientation.allCases)
    func storedBoxesMapBackToTheSamePixels(orientation: ExifOrientation) {
        let (width, height) = (120, 80)
        let shown = orientation.displayedSize(width: width, height: height)
        let stored = CGRect(x: 12.0 / 120, y: 20.0 / 80, width: 30.0 / 120, height: 40.0 / 80)
        let displayed = AnnotationFrame.displayedRect(ofStored: stored, orientation: orientation)
        let pixels = CropRect.pixels(of: displayed, width: shown.width, height: shown.height)
        #expect(
            orientation.storedRect(of: pixels, width: width, height: height)
                == PixelRect(left: 12, top: 20, width: 30, height: 40))
    }

    @Test(arguments: [
        (640, 480, 1, AnnotationFrame.displayed), (480, 640, 6, .displayed), (640, 480, 6, .stored),
        (640, 480, 3, .displayed), (320, 240, 1, .neither), (480, 640, 1, .neither),
    ])
    func frames(width: Int, height: Int, orientation: Int, expected: AnnotationFrame) {
        let frame = AnnotationFrame(
            AnnotatedSize(width: width, height: height), width: 640, height: 480,
            orientation: ExifOrientation(tag: orientation))
        #expect(frame == expected)
    }
}
