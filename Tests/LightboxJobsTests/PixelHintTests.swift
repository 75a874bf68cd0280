import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender
import Testing

@testable import LightboxJobs

/// Which normalized rects look like pixels (and get the --units px hint).
@Suite struct PixelHintTests {
    @Test(arguments: [
        ([0.0, 0, 320, 240], true), ([10.0, 20, 100, 100], true), ([0.0, 0, 1, 1], false), ([0.5, 0, 2, 1], false),
        ([1e308, 0, 1, 1], false), ([-5.0, 0, 100, 100], false), ([0.0, 0, 1, 2], true),
    ])
    func looksLikePixels(values: [Double], expected: Bool) {
        #expect(
            PixelRects.looksLikePixels(CGRect(x: values[0], y: values[1], width: values[2], height: values[3]))
                == expected)
    }
}
