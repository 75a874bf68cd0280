import Foundation
import LightboxGeometry

/// The overlay over shapes a crop came from: a turned box drawn as the crop screen would draw it
/// turned, and a polygon outlined.
extension CropOverlaySVG {
    /// The overlay of a turned box, `corners` normalized (top left, top right, bottom right, bottom
    /// left in the box's own frame), over a `width` by `height` pixel image set `margin` pixels in.
    ///
    /// Outside the box is dimmed; the thirds, the frame and the corner brackets are the level
    /// overlay's, drawn in the box's frame, so they run along its turned edges.
    static func turned(corners: [CGPoint], width: Int, height: Int, scale: CGFloat, margin: Int = 0) -> String {
        guard scale > 0, corners.count == 4 else { return empty(width: width, height: height, margin: margin) }
        let points = corners.map { CGPoint(x: $0.x * CGFloat(width), y: $0.y * CGFloat(height)) }
        let across = CGPoint(x: points[1].x - points[0].x, y: points[1].y - points[0].y)
        let down = CGPoint(x: points[3].x - points[0].x, y: points[3].y - points[0].y)
        let (long, tall) = (hypot(across.x, across.y), hypot(down.x, down.y))
        guard long > 0, tall > 0 else { return empty(width: width, height: height, margin: margin) }
        // The box's own frame in points, its top-left corner at the origin.
        let frame = CGRect(x: 0, y: 0, width: long / scale, height: tall / scale)
        let px = { (value: CGFloat) in String(format: "%.2f", Double(value * scale)) }
        let matrix = [across.x / long, across.y / long, down.x / tall, down.y / tall, points[0].x, points[0].y]
            .map { String(format: "%.5f", Double($0)) }.joined(separator: " ")
        let outline = "M" + points.map { "\(number($0.x)) \(number($0.y))" }.joined(separator: "L") + "Z"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width + 2 * margin)" height="\(height + 2 * margin)">\
            <g transform="translate(\(margin) \(margin))">\
            <path d="M0 0H\(width)V\(height)H0Z\(outline)" fill="black" fill-opacity="\(CropOverlayGeometry.dimOpacity)" fill-rule="evenodd"/>\
            <g transform="matrix(\(matrix))">\(strokes(frame: frame, px: px))</g></g></svg>
            """
    }

    /// The overlay of a polygon's parts (normalized; their union is the shape): outside dimmed,
    /// each part's outline drawn as the frame is (white, the frame's width, round joins).
    static func outline(_ polygon: PolygonShape, width: Int, height: Int, scale: CGFloat, margin: Int = 0) -> String {
        guard scale > 0 else { return empty(width: width, height: height, margin: margin) }
        let paths = polygon.parts.map { part in
            "M"
                + part.map { "\(number($0.x * CGFloat(width))) \(number($0.y * CGFloat(height)))" }
                .joined(separator: "L") + "Z"
        }
        let filled = paths.map { "<path d=\"\($0)\" fill=\"black\"/>" }.joined()
        let stroked = paths.map {
            "<path d=\"\($0)\" stroke=\"white\" stroke-width=\(quoted(CropOverlayGeometry.frameLineWidth * scale)) "
                + "stroke-linejoin=\"round\" fill=\"none\"/>"
        }.joined()
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width + 2 * margin)" height="\(height + 2 * margin)">\
            <mask id="outside" maskUnits="userSpaceOnUse" x="0" y="0" width="\(width)" height="\(height)">\
            <rect width="\(width)" height="\(height)" fill="white"/>\(filled)</mask>\
            <g transform="translate(\(margin) \(margin))">\
            <rect width="\(width)" height="\(height)" fill="black" fill-opacity="\(CropOverlayGeometry.dimOpacity)" \
            mask="url(#outside)"/>\(stroked)</g></svg>
            """
    }

    /// The thirds, the frame and the brackets of a level `frame` in points, drawn `px` pixels per point.
    static func strokes(frame: CGRect, px: (CGFloat) -> String) -> String {
        let box = "M\(px(frame.minX)) \(px(frame.minY))H\(px(frame.maxX))V\(px(frame.maxY))H\(px(frame.minX))Z"
        let thirds = CropOverlayGeometry.thirdsLines(in: frame)
            .map { "M\(px($0.0.x)) \(px($0.0.y))L\(px($0.1.x)) \(px($0.1.y))" }.joined()
        let brackets = CropOverlayGeometry.bracketPaths(in: frame)
            .map { line in "M" + line.map { "\(px($0.x)) \(px($0.y))" }.joined(separator: "L") }.joined()
        return """
            <path d="\(thirds)" stroke="white" stroke-opacity="\(CropOverlayGeometry.thirdsOpacity)" stroke-width="\(px(CropOverlayGeometry.thirdsLineWidth))" fill="none"/>\
            <path d="\(box)" stroke="white" stroke-width="\(px(CropOverlayGeometry.frameLineWidth))" fill="none"/>\
            <path d="\(brackets)" stroke="white" stroke-width="\(px(CropOverlayGeometry.bracketLineWidth))" \
            stroke-linecap="round" stroke-linejoin="round" fill="none"/>
            """
    }

    /// An empty document of the page's size.
    static func empty(width: Int, height: Int, margin: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width + 2 * margin)\" height=\"\(height + 2 * margin)\"/>"
    }

    /// A pixel coordinate for SVG.
    private static func number(_ value: CGFloat) -> String {
        String(format: "%.2f", Double(value))
    }

    /// A pixel length as a quoted SVG attribute value.
    private static func quoted(_ value: CGFloat) -> String {
        "\"\(number(value))\""
    }
}
