import Foundation
import LightboxGeometry
import LightboxJobs
import LightboxRender

extension ViewerRequest {
    /// The renderer's request, or an error about the output naming the field that cannot be drawn;
    /// the output's format, size and colour under translucent pixels follow the rules of
    /// `ViewJobBuilder`, every door's.
    func rendered() throws(LightboxError) -> ViewRequest {
        guard !photos.isEmpty else { throw LightboxError(output, "photos: the viewer needs at least one photo") }
        let numbers: [(String, CGFloat)] = [
            ("screen.width", screen.width), ("screen.height", screen.height), ("scale", scale), ("zoom", zoom),
            ("offset.width", offset.width), ("offset.height", offset.height), ("pull", pull), ("topInset", topInset),
        ]
        if let (field, _) = numbers.first(where: { !$0.1.isFinite }) {
            throw LightboxError(output, "\(field) is not a finite number")
        }
        guard screen.width > 0, screen.height > 0, scale > 0 else {
            throw LightboxError(output, "screen and scale must be positive")
        }
        if let problem = OutputFormat.problem(with: output) { throw LightboxError(output, problem) }
        let format = OutputFormat(extension: URL(fileURLWithPath: output).pathExtension) ?? .png
        if let problem = ViewRequest.sizeProblem(screen: screen, scale: scale, format: format) {
            throw LightboxError(output, problem)
        }
        var state = ViewState(
            screen: screen, scale: scale, zoom: zoom, offset: offset, pull: pull,
            style: style == .viewer ? .viewer : .screen)
        state.safeArea = SafeArea(top: topInset, bottom: 0)
        return ViewRequest(
            inputs: photos, page: page, output: output, state: state, chrome: header,
            under: ViewJobBuilder.defaultUnder(format))
    }
}
