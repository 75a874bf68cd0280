import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender
import Testing

@testable import LightboxJobs

/// A line's angle and cut through `CropPlanner.item`, the one path of every manifest line and
/// batch crop: the turned rect and its shape, the run's cut with the line's own keys over it,
/// and each bad value refused with the reason the command line's option gives.
@Suite struct CropPlannerCutTests {
    /// A planner with the run's `cut` and `--angle`, outputs as given.
    static func planner(cut: CropCut = .bounds, angle: Double? = nil, strict: Bool = false) -> CropPlanner {
        var settings = CropSettings(save: SaveOptions())
        (settings.cut, settings.strict) = (cut, strict)
        return CropPlanner(
            settings: settings, placement: OutputPlacement(outDir: nil), units: .fraction, preview: nil, angle: angle)
    }

    /// The item `json` (a crop's keys, `input` and a JPEG `output` added) plans, described, or its problem.
    static func planned(_ json: String, planner: CropPlanner = planner()) throws -> String {
        let text = #"{"input":"a.jpg","output":"c.jpg","# + json.dropFirst()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let entry = try ManifestReader.entry(object, number: 1, path: "m.jsonl", folder: "").get()
        switch planner.item(entry, file: "m.jsonl", base: "", number: 1, fallback: nil, warn: { _ in }) {
        case .failure(let problem): return problem.description
        case .success(let item):
            var shape = "-"
            if case .oriented(let box) = item.shape, case .turned(let rect, let degrees) = box.form {
                shape = "\(NumberText.rect(rect)) @\(NumberText.short(degrees))"
            }
            let cut =
                "\(item.cut.oriented.rawValue)\(item.cut.mask ? " mask" : "")\(item.cut.lossless ? " lossless" : "")"
            return "\(NumberText.rect(item.rect)) \(item.units.rawValue) \(shape) \(cut)"
        }
    }

    /// (the crop's keys, what it plans to).
    static let lines: [(String, String)] = [
        (#"{"rect":"0.1,0.2,0.5,0.3"}"#, "0.1,0.2,0.5,0.3 fraction - bounds"),
        (#"{"rect":"0.1,0.2,0.5,0.3","angle":30}"#, "0.1,0.2,0.5,0.3 fraction 0.1,0.2,0.5,0.3 @30 bounds"),
        (#"{"rect":"0.6,0.2,-0.5,0.3","angle":"-15"}"#, "0.1,0.2,0.5,0.3 fraction 0.1,0.2,0.5,0.3 @-15 bounds"),
        // A turned rect is not clipped before its turn is placed on the image.
        (#"{"rect":"0.8,0.2,0.5,0.3","angle":30}"#, "0.8,0.2,0.5,0.3 fraction 0.8,0.2,0.5,0.3 @30 bounds"),
        (#"{"rect":"0.8,0.2,0.5,0.3","angle":0}"#, "0.8,0.2,0.2,0.3 fraction - bounds"),
        (#"{"rect":"0.1,0.2,0.5,0.3","angle":360}"#, "0.1,0.2,0.5,0.3 fraction - bounds"),
        (#"{"rect":"10,20,50,30","angle":45,"units":"px"}"#, "10,20,50,30 px 10,20,50,30 @45 bounds"),
        (
            #"{"rect":"0.1,0.2,0.5,0.3","angle":30,"oriented":"upright","mask":true}"#,
            "0.1,0.2,0.5,0.3 fraction 0.1,0.2,0.5,0.3 @30 upright mask"
        ),
        (#"{"rect":"0.1,0.2,0.5,0.3","lossless":true}"#, "0.1,0.2,0.5,0.3 fraction - bounds lossless"),
        (
            // Upright asked of a rect without a turn would change nothing: the line is refused.
            #"{"rect":"0.1,0.2,0.5,0.3","lossless":true,"oriented":"upright"}"#,
            "m.jsonl:1: oriented: upright needs an angle (a rect without one is upright already)"
        ),
        (
            #"{"rect":"0.1,0.2,0.5,0.3","mask":true}"#,
            "m.jsonl:1: mask: needs an angle (a rect without one has no shape to mask)"
        ),
        (
            #"{"rect":"0.1,0.2,0.5,0.3","oriented":"sideways"}"#,
            "m.jsonl:1: oriented: 'sideways': use one of bounds, upright"
        ),
        (#"{"rect":"0.1,0.2,0.5,0.3","angle":"x"}"#, "m.jsonl:1: angle: 'x': expected a number from -360 to 360"),
        (#"{"rect":"0.1,0.2,0.5,0.3","angle":"inf"}"#, "m.jsonl:1: angle: 'inf': expected a number from -360 to 360"),
        (
            #"{"rect":"0.1,0.2,0.5,0.3","angle":30,"lossless":true,"oriented":"upright"}"#,
            "m.jsonl:1: lossless: a lossless cut keeps whole JPEG blocks: it cannot turn an oriented box upright"
        ),
        (
            #"{"rect":"0.1,0.2,0.5,0.3","lossless":true,"mask":true}"#,
            "m.jsonl:1: lossless: a lossless cut keeps whole JPEG blocks: it cannot mask a shape"
        ),
        (#"{"rect":"0.1,0.2,0,0.3","angle":30}"#, "m.jsonl:1: rect: a turned rect needs a width and height above 0"),
        (#"{"rect":"0.1,0.2,nan,0.3","angle":30}"#, "m.jsonl:1: rect: width is not a finite number"),
        (
            #"{"rect":"0,0,320,240","angle":30}"#,
            "m.jsonl:1: rect: 0,0,320,240 looks like pixels; rects are 0 to 1, or use --units px"
        ),
        // A negative side is standardized, as for any rect.
        (#"{"rect":"10,20,-5,30","angle":30,"units":"px"}"#, "5,20,5,30 px 5,20,5,30 @30 bounds"),
    ]

    @Test(arguments: lines)
    func aLineGivesItsShapeAndCut(json: String, expected: String) throws {
        let planned = try Self.planned(json)
        #expect(planned == expected, "\(planned)")
    }

    @Test func theRunsFlagsAreDefaultsALineOverrides() throws {
        let run = Self.planner(cut: CropCut(oriented: .upright, mask: true), angle: 20)
        #expect(
            try Self.planned(#"{"rect":"0.1,0.2,0.5,0.3"}"#, planner: run)
                == "0.1,0.2,0.5,0.3 fraction 0.1,0.2,0.5,0.3 @20 upright mask")
        #expect(
            try Self.planned(#"{"rect":"0.1,0.2,0.5,0.3","angle":0,"oriented":"bounds","mask":false}"#, planner: run)
                == "0.1,0.2,0.5,0.3 fraction - bounds")
    }

    @Test func theBackgroundTravelsWithTheCut() throws {
        let navy = BoardColor(red: 0, green: 0, blue: 128.0 / 255)
        let run = Self.planner(cut: CropCut(mask: true, background: navy))
        let object: [String: Any] = ["input": "a.jpg", "rect": "0,0,1,1", "angle": 10, "output": "c.jpg"]
        let entry = try ManifestReader.entry(object, number: 1, path: "m.jsonl", folder: "").get()
        let item = try run.item(entry, file: "m.jsonl", base: "", number: 1, fallback: nil, warn: { _ in }).get()
        #expect(item.cut.background == navy)
        // The item crosses the worker pipe as JSON with its shape and cut.
        let decoded = try JSONDecoder().decode(CropItem.self, from: try JSONEncoder().encode(item))
        #expect(decoded.shape == item.shape && decoded.cut == item.cut)
    }

    /// (rect, units, the reason `RectRule.turned` gives, nil when it is taken).
    @Test(arguments: [
        (CGRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), RectUnits.fraction, nil as String?),
        (CGRect(x: 2, y: 0, width: 0.5, height: 0.5), .fraction, nil),
        (CGRect(x: 0, y: 0, width: 0, height: 0.5), .fraction, "a turned rect needs a width and height above 0"),
        (
            CGRect(x: 0, y: 0, width: 10, height: 20), .fraction,
            "R looks like pixels; rects are 0 to 1, or use --units px"
        ),
        (CGRect(x: 0, y: 0, width: 10, height: 20), .px, nil),
        (CGRect(x: -5, y: 0, width: 10, height: 20), .px, nil),
        (CGRect(x: 0, y: CGFloat.nan, width: 10, height: 20), .px, "y is not a finite number"),
    ])
    func turnedRects(rect: CGRect, units: RectUnits, reason: String?) {
        switch RectRule.turned(rect, written: "R", units: units) {
        case .success: #expect(reason == nil)
        case .failure(let refusal): #expect(refusal.reason == reason)
        }
    }
}
