import LightboxGeometry
import LightboxRender
import Testing

/// How far a crop may be shrunk on load before its one resample, for each fit.
@Suite struct CropResizeShrinkTests {
    @Test(arguments: [
        (3000, 2400, 224, 224, CropResize.Fit.cover, 8),
        (900, 720, 224, 224, .cover, 2),
        (447, 447, 224, 224, .cover, 1),
        (448, 448, 224, 224, .cover, 2),
        (4000, 300, 224, 224, .cover, 1),
        (4000, 300, 224, 224, .fill, 1),
        (4000, 300, 224, 224, .contain, 8),
        (100, 100, 224, 224, .cover, 1),
        (1800, 1200, 300, 100, .contain, 8),
        (1800, 1200, 300, 100, .cover, 4),
    ])
    func shrink(width: Int, height: Int, targetWidth: Int, targetHeight: Int, fit: CropResize.Fit, expected: Int) {
        let resize = CropResize(width: targetWidth, height: targetHeight, fit: fit)
        #expect(resize.loadShrink(for: PixelRect(left: 0, top: 0, width: width, height: height)) == expected)
    }
}
