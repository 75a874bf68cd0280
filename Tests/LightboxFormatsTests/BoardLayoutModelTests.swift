import Foundation
import LightboxFormats
import Testing

/// The layout file's one Codable model: read, written in the printed key order, and read back.
@Suite struct BoardLayoutModelTests {
    /// A file in every accepted form reads into the model, and the model writes its inputs back in order.
    @Test func aLayoutReadsAndWritesItsInputsInOrder() throws {
        let text = #"""
            {"reduceMotion":true,"dragging":{"translation":{"width":-4,"height":2.5},"id":"b"},
             "stacking":["b"],"offsets":{"b":[1,2],"a":{"width":0.5,"height":-3}},
             "photos":[{"path":"x/a.jpg","id":"a"},{"path":"/p/b.png","id":"b","caption":"Bee"}],
             "background":"#102030","scale":2,"cardWidth":120,"board":[600,800],
             "output":"ignored","card":7,"drawnCard":null,"cards":"read past"}
            """#
        let layout = try BoardLayoutFile.decode(Data(text.utf8))
        #expect(layout.printed == nil)
        #expect(layout.photos.map(\.caption) == [nil, "Bee"])
        #expect(layout.offsets == ["a": CGSize(width: 0.5, height: -3), "b": CGSize(width: 1, height: 2)])
        #expect(layout.dragging == BoardLayoutDrag(id: "b", translation: CGSize(width: -4, height: 2.5)))
        #expect(
            layout.json.text
                == ##"{"board":{"width":600,"height":800},"scale":2,"cardWidth":120,"background":"#102030","##
                + #""photos":[{"id":"a","path":"x/a.jpg"},{"id":"b","path":"/p/b.png","caption":"Bee"}],"#
                + #""offsets":{"a":{"width":0.5,"height":-3},"b":{"width":1,"height":2}},"stacking":["b"],"#
                + #""dragging":{"id":"b","translation":{"width":-4,"height":2.5}},"reduceMotion":true}"#)
        #expect(try BoardLayoutFile.decode(Data(layout.json.text.utf8)) == layout)
    }

    /// The printed part comes first, after `output` and `board`, and is passed over when read back.
    /// A photo may be its path alone, as the command line lists photos; a path twice gets `#2`.
    @Test func aPhotoMayBeItsPathAlone() throws {
        let layout = try BoardLayoutFile.decode(
            Data(#"{"board":[600,800],"photos":["x/a.jpg",{"path":"b.png","caption":"Bee"},"x/a.jpg"]}"#.utf8))
        #expect(
            layout.photos == [
                BoardLayoutPhoto(id: "x/a.jpg", path: "x/a.jpg", caption: nil),
                BoardLayoutPhoto(id: "b.png", path: "b.png", caption: "Bee"),
                BoardLayoutPhoto(id: "x/a.jpg#2", path: "x/a.jpg", caption: nil),
            ])
    }

    @Test func thePrintedPartIsWrittenFirstAndReadPast() throws {
        var layout = BoardLayoutFile(
            board: CGSize(width: 10, height: 20), photos: [BoardLayoutPhoto(id: "a", path: "/a.jpg", caption: "a")])
        layout.scale = 1
        layout.printed = BoardLayoutPrinted(
            output: "o.png", card: CGSize(width: 3, height: 4), drawnCard: CGSize(width: 5, height: 6),
            cards: [
                BoardLayoutCard(
                    id: "a", index: 0, center: CGPoint(x: 1.5, y: 2), angle: -3, scale: 1, lifted: false, depth: 0)
            ])
        let text = layout.json.text
        #expect(
            text.hasPrefix(
                #"{"output":"o.png","board":{"width":10,"height":20},"scale":1,"card":{"width":3,"height":4},"#
                    + #""drawnCard":{"width":5,"height":6},"cards":[{"id":"a","index":0,"center":{"x":1.5,"y":2},"#
                    + #""angle":-3,"scale":1,"lifted":false,"depth":0}],"photos":"#))
        var read = try BoardLayoutFile.decode(Data(text.utf8))
        #expect(read.printed == nil)
        read.printed = layout.printed
        #expect(read == layout)
    }

    /// A value of the wrong JSON type names its key, booleans and numbers kept apart.
    @Test(arguments: [
        (#"{"board":[true,2],"photos":[]}"#, "board.width: expected a number"),
        (#"{"board":[1,2],"photos":[],"cardWidth":null}"#, "cardWidth: expected a number"),
        (#"{"board":[1,2],"photos":[],"reduceMotion":0}"#, "reduceMotion: expected true or false"),
        (#"{"board":[1,2],"photos":[{"path":1}]}"#, "photos[0].path: expected a string"),
        (#"{"board":[1,2],"photos":["a.jpg",7]}"#, "photos[1]: expected a path or an object with a path"),
        (#"{"board":[1,2],"photos":[""]}"#, "photos[0]: empty"),
        (#"{"board":[1,2],"photos":[{"path":"a","id":null}]}"#, "photos[0].id: expected a string"),
        ("[1]", "expected an object"),
    ])
    func typesAreChecked(text: String, message: String) {
        do {
            _ = try BoardLayoutFile.decode(Data(text.utf8))
            Issue.record("\(text) was read")
        } catch {
            #expect(error.description == message)
        }
    }
}
