import Foundation
import LightboxGeometry
import LightboxRender

/// The printed layout: where every card goes, and everything `--layout` needs to draw the same board.
///
/// The first keys describe the result (`output`, `board`, `scale`, `card` the layout's card size,
/// `drawnCard` the drawn one, `cards` in drawing order); the rest (`cardWidth`, `background`,
/// `photos`, `offsets`, `stacking`, `dragging`, `reduceMotion`) are the inputs, with absolute
/// paths, so the file fed back with `--layout` gives the same image.
enum BoardLayoutJSON {
    /// The layout of `plan` written to `output`, as one JSON value.
    static func value(_ plan: BoardPlan, output: String) -> JSONValue {
        let card = plan.cardSize
        return .object([
            ("output", .string(output)),
            ("board", size(plan.board)),
            ("scale", .double(plan.scale)),
            ("card", size(card)),
            ("drawnCard", size(plan.drawnSize)),
            ("cards", .array(plan.cards.map(cardValue))),
            ("cardWidth", .double(Double(plan.cardWidth))),
            ("background", .string(plan.background.spec)),
            ("photos", .array(plan.photos.map(photoValue))),
            (
                "offsets",
                .object(
                    plan.photos.compactMap { photo in
                        plan.offsets[photo.id].map { (photo.id, size($0)) }
                    })
            ),
            ("stacking", .array(plan.stacking.map(JSONValue.string))),
            (
                "dragging",
                plan.dragging.map { drag in
                    .object([("id", .string(drag.id)), ("translation", size(drag.translation))])
                } ?? .null
            ),
            ("reduceMotion", .bool(plan.reduceMotion)),
        ])
    }

    /// One placed card.
    private static func cardValue(_ card: BoardCard) -> JSONValue {
        .object([
            ("id", .string(card.id)),
            ("index", .int(card.index)),
            ("center", .object([("x", .double(Double(card.center.x))), ("y", .double(Double(card.center.y)))])),
            ("angle", .double(card.angle)),
            ("scale", .double(Double(card.pose.scale))),
            ("lifted", .bool(card.pose.lifted)),
            ("depth", .double(card.depth)),
        ])
    }

    /// One photo entry, its path made absolute.
    private static func photoValue(_ photo: BoardPhoto) -> JSONValue {
        .object([
            ("id", .string(photo.id)),
            ("path", .string(URL(fileURLWithPath: photo.path).standardized.path)),
            ("caption", .string(photo.caption)),
        ])
    }

    /// A size as `{"width": .., "height": ..}`.
    private static func size(_ size: CGSize) -> JSONValue {
        .object([("width", .double(Double(size.width))), ("height", .double(Double(size.height)))])
    }
}
