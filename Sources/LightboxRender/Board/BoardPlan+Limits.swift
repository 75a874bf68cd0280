import Foundation

/// The sizes a board can be drawn at, shared by the command line, layout files and LightboxKit.
extension BoardPlan {
    /// The tallest card, in output pixels.
    package static let maximumCardPixels = 10_000.0

    /// The output pixels per point a board may be drawn at.
    package static let scales: ClosedRange<Double> = 0.01...8

    /// The longest length a board takes, in points: its sides, a card's width, an offset.
    package static let maximumLength: CGFloat = 100_000

    /// Why the board cannot be written in `format` at its size (a side over `OutputLimit`, a
    /// card too tall), or nil; the output's name is not in the message.
    package func sizeProblem(format: OutputFormat?) -> String? {
        if let problem = OutputLimit.problem(
            width: Double(board.width) * scale, height: Double(board.height) * scale, format: format)
        {
            return problem
        }
        let cardPixels = Double(cardSize.height) * scale
        guard cardPixels <= BoardPlan.maximumCardPixels else {
            return "a card would be \(Int(cardPixels)) pixels tall; at most \(Int(BoardPlan.maximumCardPixels))"
        }
        return nil
    }
}
