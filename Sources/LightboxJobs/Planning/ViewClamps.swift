import Foundation
import LightboxFormats
import LightboxGeometry

/// The `warning:` lines `view` prints when it clamps a value as the app would, giving the value used.
package enum ViewClamps {
    /// One line per clamped value among `--max-zoom`, `--zoom`, `--page` (of `pages`) and `--pull`.
    ///
    /// `--offset` is clamped against the photo's size, known only once its header is read: see
    /// `offsetWarning`.
    package static func warnings(zoom: CGFloat, maxZoom: CGFloat, page: Int, pages: Int, pull: CGFloat = 0) -> [String]
    {
        var lines: [String] = []
        if pull < 0 {
            lines.append("--pull \(text(pull)) is under 0 (the pull only goes down); using 0")
        }
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

    /// The line for an `--offset` the layout clamped, or nil when `layout` pans by `given` as it is.
    ///
    /// The seed's `clampedOffset`: an axis pans at most half of what the zoomed photo overflows
    /// the screen by, so an axis that fits does not pan at all.
    package static func offsetWarning(given: CGSize, layout: ViewportLayout) -> String? {
        guard layout.offset != given else { return nil }
        let reach = CGSize(
            width: max((layout.fitted.width * layout.zoom - layout.screen.width) / 2, 0),
            height: max((layout.fitted.height * layout.zoom - layout.screen.height) / 2, 0))
        return "--offset \(pair(given)) is past the photo's edge at zoom \(text(layout.zoom)) "
            + "(it pans at most \(pair(reach)) either way); using \(pair(layout.offset))"
    }

    /// `x,y` of a size, as `--offset` takes it.
    private static func pair(_ size: CGSize) -> String {
        "\(text(size.width)),\(text(size.height))"
    }

    /// A number as JSON writes it (`2`, `2.5`).
    private static func text(_ value: CGFloat) -> String {
        NumberText.short(Double(value))
    }
}
