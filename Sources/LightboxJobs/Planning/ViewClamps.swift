import Foundation
import LightboxFormats
import LightboxGeometry

/// The `warning:` lines `view` prints when it clamps a value as the app would, giving the value used.
package enum ViewClamps {
    /// One line per clamped value among `--max-zoom`, `--zoom` and `--page` (of `pages`).
    package static func warnings(zoom: CGFloat, maxZoom: CGFloat, page: Int, pages: Int) -> [String] {
        var lines: [String] = []
        if maxZoom < 1 {
            lines.append("--max-zoom \(text(maxZoom)) is under 1; using 1")
        }
        let used = ViewportMath.clampedZoom(zoom, maxZoom: maxZoom)
        if used != zoom {
            let limit = zoom < 1 ? "under 1" : "over --max-zoom \(text(max(maxZoom, 1)))"
            lines.append("--zoom \(text(zoom)) is \(limit); using \(text(used))")
        }
        let shown = ViewportMath.clampedPage(page, count: pages)
        if shown != page {
            lines.append(
                "--page \(page) is outside the \(pages) page\(pages == 1 ? "" : "s") (0 to \(max(pages - 1, 0))); showing page \(shown)"
            )
        }
        return lines
    }

    /// A number as JSON writes it (`2`, `2.5`).
    private static func text(_ value: CGFloat) -> String {
        NumberText.short(Double(value))
    }
}
