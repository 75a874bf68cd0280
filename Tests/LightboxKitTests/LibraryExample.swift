import Foundation
import LightboxKit

/// Crops `photo` into two rects, renders the viewer showing the first crop with its header,
/// and draws a board of both crops, all into `folder`; returns the three pictures' paths.
func makePictures(from photo: String, in folder: String) throws(LightboxError) -> [String] {
    let renderer = Renderer(save: SaveOptions(quality: 90))

    let left = folder + "/left.png"
    let middle = folder + "/middle.png"
    let crops = renderer.crop(
        CropRequest(
            input: photo,
            crops: [
                CropRequest.Crop(rect: CGRect(x: 0, y: 0, width: 0.5, height: 1), output: left),
                CropRequest.Crop(rect: CGRect(x: 0.5, y: 0.25, width: 0.5, height: 0.5), output: middle),
            ]))
    if let error = crops.compactMap(\.error).first { throw error }

    let viewer = folder + "/viewer.png"
    let shown = try renderer.view(
        ViewerRequest(
            photos: [left, middle], page: 0, output: viewer, screen: CGSize(width: 390, height: 844),
            topInset: 47, header: true))
    print("viewer: \(shown.width)x\(shown.height) pixels showing \(shown.photo)")

    let board = folder + "/board.png"
    let drawn = try renderer.board(
        BoardRequest(
            photos: [
                BoardRequest.Photo(id: "left", path: left, caption: "Left half"),
                BoardRequest.Photo(id: "middle", path: middle, caption: "Middle"),
            ],
            output: board, size: CGSize(width: 400, height: 300),
            background: .colour(Colour(red: 0.2, green: 0.4, blue: 0.6))))
    if let failure = drawn.failures.first { throw failure }

    return [left, middle, viewer, board]
}
