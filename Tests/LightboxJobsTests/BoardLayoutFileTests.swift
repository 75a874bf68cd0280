import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender
import Testing

@testable import LightboxJobs

/// The layout file's reading: accepted shapes, defaults, every error naming its key, and the printed layout read back.
@Suite struct BoardLayoutFileTests {
    static let folder = "/boards/trip"

    /// Parses layout text whose paths start in `folder`.
    static func parse(_ text: String) throws(BoardFieldError) -> BoardPlan {
        try BoardLayoutFile.parse(Data(text.utf8), folder: folder)
    }

    /// `board` is read as an object or as `[w, h]`, and the other values default to the seed's.
    @Test(arguments: [
        (#"{"board":{"width":600,"height":800},"photos":[]}"#, 600.0, 800.0),
        (#"{"board":[320.5,240],"photos":[]}"#, 320.5, 240.0),
        (#"{"board":[1e3,2],"photos":[]}"#, 1000.0, 2.0),
    ])
    func boardTakesBothSizeShapes(text: String, width: Double, height: Double) throws {
        let plan = try Self.parse(text)
        #expect(plan.board == CGSize(width: width, height: height))
        #expect(plan.cardWidth == 150 && plan.scale == 1 && plan.background == .standard)
    }

    /// Photo ids default to the path, captions to the file stem, and paths resolve from the file's folder.
    @Test func photosDefaultTheirIdToThePathAndTheirCaptionToTheStem() throws {
        let plan = try Self.parse(
            #"""
            {"board":[100,100],"photos":[{"path":"a/Oslo.jpeg"},{"id":"k","path":"/abs/kyoto.png","caption":"Kyoto"},
             {"id":"d","path":"../up.tar.jpg"}]}
            """#)
        #expect(
            plan.photos == [
                BoardPhoto(id: "a/Oslo.jpeg", path: "/boards/trip/a/Oslo.jpeg", caption: "Oslo"),
                BoardPhoto(id: "k", path: "/abs/kyoto.png", caption: "Kyoto"),
                BoardPhoto(id: "d", path: "/boards/up.tar.jpg", caption: "up.tar"),
            ])
    }

    /// Card width, scale, an image background, offsets in both shapes and stacking are read.
    @Test func offsetsStackingAndTheOtherValuesAreRead() throws {
        let plan = try Self.parse(
            #"""
            {"board":[600,800],"cardWidth":120.5,"scale":2,"background":"wood.jpg",
             "photos":[{"id":"Oslo","path":"o.jpg"},{"id":"Lima","path":"l.jpg"}],
             "offsets":{"Oslo":{"width":-12.25,"height":30},"Lima":[0.1,-0.2]},"stacking":["Lima","Oslo"]}
            """#)
        #expect(plan.cardWidth == 120.5 && plan.scale == 2)
        #expect(plan.background == .image(path: "/boards/trip/wood.jpg"))
        #expect(plan.offsets == ["Oslo": CGSize(width: -12.25, height: 30), "Lima": CGSize(width: 0.1, height: -0.2)])
        #expect(plan.stacking == ["Lima", "Oslo"])
    }

    /// Every problem names the key at fault.
    @Test(arguments: [
        (#"{"photos":[]}"#, "board: missing"),
        (#"{"board":[1,2]}"#, "photos: missing"),
        (#"[1,2]"#, "expected an object"),
        (#"{"board":[1],"photos":[]}"#, "board: expected [width, height]"),
        (#"{"board":{"width":1},"photos":[]}"#, #"board: expected {"width": .., "height": ..}"#),
        (#"{"board":[1,"2"],"photos":[]}"#, "board.height: expected a number"),
        (#"{"board":[0,2],"photos":[]}"#, "board.width: 0 points: expected more than 0, at most 100000"),
        (#"{"board":[1,2],"photos":[],"cardWidth":20000}"#, "cardWidth: 20000 is not a number up to 10000"),
        (#"{"board":[1,2],"photos":[],"scale":0}"#, "scale: 0 is not a number from 0.01 to 8"),
        (
            #"{"board":[1,2],"photos":[],"Scale":2}"#,
            "unknown key 'Scale'; did you mean 'scale'?"
        ),
        (#"{"board":[1,2],"photos":{}}"#, "photos: expected an array"),
        (#"{"board":[1,2],"photos":[{"id":"a"}]}"#, "photos[0].path: missing"),
        (#"{"board":[1,2],"photos":[{"path":""}]}"#, "photos[0].path: empty"),
        (#"{"board":[1,2],"photos":[{"path":"a","id":7}]}"#, "photos[0].id: expected a string"),
        (#"{"board":[1,2],"photos":[{"path":"a","caption":null}]}"#, "photos[0].caption: expected a string"),
        (
            #"{"board":[1,2],"photos":[{"id":"Oslo","path":"a"},{"id":"Lima","path":"b"},{"id":"Oslo","path":"c"}]}"#,
            "photos[2].id: duplicate id 'Oslo'"
        ),
        (#"{"board":[1,2],"photos":[{"path":"a","id":"x"},{"path":"b","id":"x"}]}"#, "photos[1].id: duplicate id 'x'"),
        (#"{"board":[1,2],"photos":[{"path":"a"}],"offsets":{"b":[1,2]}}"#, "offsets.b: no photo has this id"),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"offsets":{"a":{"width":1,"height":true}}}"#,
            "offsets.a.height: expected a number"
        ),
        (#"{"board":[1,2],"photos":[{"path":"a"}],"stacking":"a"}"#, "stacking: expected an array"),
        (#"{"board":[1,2],"photos":[{"path":"a"}],"stacking":["a","a"]}"#, "stacking[1]: duplicate id 'a'"),
        (
            ##"{"board":[1,2],"photos":[],"background":"#12"}"##,
            "background: '#12' is not a colour, TOP:BOTTOM or an image path (expected a CSS name (white, steelblue), #rgb, #rrggbb, #rrggbbaa, r,g,b or rgb(r,g,b) with 0-255)"
        ),
        (
            #"{"board":[1,2],"photos":[],"background":"1,1,256"}"#,
            "background: '1,1,256' is not a colour, TOP:BOTTOM or an image path (expected a CSS name (white, steelblue), #rgb, #rrggbb, #rrggbbaa, r,g,b or rgb(r,g,b) with 0-255)"
        ),
        ("{\"board\":[1,2],\n\"photos\":[\n  }", "not valid JSON at line 3, column 3: "),
        (#"{"board":[1,2],"photos":[{"path":"a"}],"dragging":"a"}"#, "dragging: expected an object"),
        (#"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"translation":[1,2]}}"#, "dragging.id: missing"),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"id":"b","translation":[1,2]}}"#,
            "dragging.id: no photo has the id 'b'"
        ),
        (#"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"id":"a"}}"#, "dragging.translation: missing"),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"id":"a","translation":[1]}}"#,
            "dragging.translation: expected [width, height]"
        ),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"id":"a","translation":[1,2],"x":1}}"#,
            "dragging: unknown key 'x' (known: id, translation)"
        ),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"id":"a","transaltion":[1,2]}}"#,
            "dragging: unknown key 'transaltion'; did you mean 'translation'?"
        ),
        (
            #"{"board":[1,2],"photos":[{"path":"a","captoin":"x"}]}"#,
            "photos[0]: unknown key 'captoin'; did you mean 'caption'?"
        ),
        (#"{"board":[1,2],"photos":[{"path":"a","idd":"x"}]}"#, "photos[0]: unknown key 'idd'; did you mean 'id'?"),
        (
            #"{"board":{"width":390,"height":844,"hieght":3},"photos":[]}"#,
            "board: unknown key 'hieght'; did you mean 'height'?"
        ),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"offsets":{"a":{"widht":1,"height":2}}}"#,
            "offsets.a: unknown key 'widht'; did you mean 'width'?"
        ),
        (
            #"{"board":[1,2],"photos":[{"path":"a"}],"dragging":{"id":"a","translation":[1e9,2]}}"#,
            "dragging.translation.width: 1000000000 points: expected at most 100000 either way"
        ),
        (#"{"board":[1,2],"photos":[],"reduceMotion":1}"#, "reduceMotion: expected true or false"),
        (#"{"board":[1,2],"photos":[],"reduceMotion":"maybe"}"#, "reduceMotion: 'maybe': expected true or false"),
    ])
    func errorsNameTheKey(text: String, message: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    /// Background specs read as colours, gradients or image paths relative to the file.
    @Test(arguments: [
        (
            "#000000:#ffffff",
            BoardBackground.gradient(
                top: BoardColor(red: 0, green: 0, blue: 0), bottom: BoardColor(red: 1, green: 1, blue: 1))
        ),
        ("51,102,255", .color(BoardColor(red: 0.2, green: 0.4, blue: 1))),
        ("rgb(51, 102, 255)", .color(BoardColor(red: 0.2, green: 0.4, blue: 1))),
        ("steelblue", .color(BoardColor(red: 70.0 / 255, green: 130.0 / 255, blue: 180.0 / 255))),
        ("White", .color(BoardColor(red: 1, green: 1, blue: 1))),
        ("#f80", .color(BoardColor(red: 1, green: 136.0 / 255, blue: 0))),
        ("#ff800080", .color(BoardColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))),
        ("./white", .image(path: "/boards/trip/white")),
        ("#ff8000", .color(BoardColor(red: 1, green: 128.0 / 255, blue: 0))),
        ("/srv/wood.png", .image(path: "/srv/wood.png")),
        ("a:b.jpg", .image(path: "/boards/trip/a:b.jpg")),
    ])
    func backgroundSpecs(spec: String, expected: BoardBackground) throws {
        let plan = try Self.parse(#"{"board":[1,2],"photos":[],"background":"\#(spec)"}"#)
        #expect(plan.background == expected)
    }

    /// A dragged card's translation is read in every form a `CGSize` takes; `reduceMotion` as a boolean.
    @Test(arguments: [
        (#"[12.5,-3]"#, CGSize(width: 12.5, height: -3)),
        (#"{"width":-40,"height":0}"#, CGSize(width: -40, height: 0)),
    ])
    func draggingForms(translation: String, expected: CGSize) throws {
        let plan = try Self.parse(
            #"{"board":[1,2],"photos":[{"id":"a","path":"a"}],"dragging":{"id":"a","translation":\#(translation)},"reduceMotion":true}"#
        )
        #expect(plan.dragging == BoardDrag(id: "a", translation: expected))
        #expect(plan.reduceMotion)
        #expect(try Self.parse(#"{"board":[1,2],"photos":[],"dragging":null,"reduceMotion":false}"#).dragging == nil)
    }

    /// The printed layout reads back as the plan it was printed from.
    @Test func thePrintedLayoutReadsBackAsTheSamePlan() throws {
        let plan = BoardPlan(
            board: CGSize(width: 612.3, height: 791), cardWidth: 133.7, scale: 1.75,
            background: .gradient(
                top: BoardColor(red: 0.1, green: 0.2, blue: 0.3), bottom: BoardColor(red: 1, green: 0.5, blue: 0)),
            photos: [
                BoardPhoto(id: "Oslo", path: "/p/o.jpg", caption: "Oslo, \"winter\""),
                BoardPhoto(id: "b", path: "/p/b.jpg", caption: "b"),
            ],
            offsets: ["Oslo": CGSize(width: 1.0 / 3, height: -2.5e-7)], stacking: ["Oslo"],
            dragging: BoardDrag(id: "b", translation: CGSize(width: -0.1, height: 7)), reduceMotion: true
        )
        let text = BoardLayoutFile(plan: plan, output: "out.png").json.text
        #expect(try Self.parse(text) == plan)
        #expect(
            text.hasPrefix(
                #"{"output":"out.png","board":{"width":612.3,"height":791},"scale":1.75,"card":{"width":133.7,"height":"#
            ))
    }
}
