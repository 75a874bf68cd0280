import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// `INPUT... --rect ... -o TEMPLATE`, checked whole before any work: every rect (a bad one is a
/// usage error, a clipped one a warning; a rect turned by `--angle` is placed once the image's
/// size is known), every output placed, named apart and of a format Lightbox writes.
struct CropCommandLine {
    /// The crops, planned.
    let source: CropSource

    /// Reads and checks the command line's rects and outputs.
    init(
        _ parsed: ParsedCommand, output: OutputName?, planner: CropPlanner, warnings: inout [String]
    ) throws(UsageError) {
        guard !parsed.positionals.isEmpty else {
            throw parsed.error("missing argument '<input>' (or use --manifest or --yolo)")
        }
        guard parsed.has(CropOptions.rect) else { throw parsed.error("missing option '--rect <x,y,w,h>'") }
        guard let output else { throw parsed.error("missing option '-o <output>'") }
        let template = OutputTemplate(output.path)
        if let unknown = template.unknownPlaceholder {
            throw parsed.error(
                "-o '\(output.path)': unknown placeholder \(unknown) (use \(OutputTemplate.placeholders.joined(separator: ", ")))"
            )
        }
        let rects = try CropCommandLine.rects(parsed, planner: planner, warnings: &warnings)
        let inputs = try StandardInput.resolve(parsed.positionals, path: parsed.path)
        var crops: [CropPlanner.Planned] = []
        var seen: Set<String> = []
        for input in inputs {
            for (index, (label, rect)) in rects.enumerated() {
                let path = try CropCommandLine.place(template, input: input, number: index + 1, planner, parsed)
                guard seen.insert(path).inserted else {
                    throw parsed.error(
                        "-o '\(output.path)' gives several outputs the name '\(path)'; add {n} for rects or {stem} for inputs"
                    )
                }
                var item = CropItem(
                    rect: rect.rect, units: planner.units, square: planner.square, output: path,
                    saverSettings: output.settings, origin: JobOrigin(label: label))
                (item.clipped, item.shape, item.cut) = (rect.clipped, rect.shape, planner.settings.cut)
                crops.append((input, item, nil))
            }
        }
        source = .rects(crops)
    }

    /// Each `--rect` with its label, checked (fractions clipped or refused now; pixels once the image is known).
    private static func rects(
        _ parsed: ParsedCommand, planner: CropPlanner, warnings: inout [String]
    ) throws(UsageError) -> [(String, RectRule.Asked)] {
        let texts = parsed.texts(CropOptions.rect.spec) ?? []
        var rects: [(String, RectRule.Asked)] = []
        for (index, (text, rect)) in zip(texts, try parsed.values(CropOptions.rect)).enumerated() {
            let label = "--rect \(index + 1) '\(text)'"
            let asked = RectRule.asked(
                rect, written: "--rect \(text)", units: planner.units, degrees: planner.angle,
                strict: planner.settings.strict)
            switch asked {
            case .failure(let refusal):
                throw parsed.error(refusal.reason.hasPrefix("--rect") ? refusal.reason : "\(label): \(refusal.reason)")
            case .success(let checked):
                if checked.clipped { warnings.append(RectRule.clippedWarning(at: label, to: checked.rect)) }
                rects.append((label, checked))
            }
        }
        return rects
    }

    /// The output of rect `number` of `input`, placed, confined and of a format Lightbox writes.
    private static func place(
        _ template: OutputTemplate, input: String, number: Int, _ planner: CropPlanner, _ parsed: ParsedCommand
    ) throws(UsageError) -> String {
        switch planner.placement.place(template, input: input, number: number, base: "") {
        case .failure(let escape): throw parsed.error("-o '\(template.text)': \(escape.description)")
        case .success(let path):
            if let reason = OutputRule.problem(
                OutputName(path), stream: true, format: planner.settings.save.streamFormat)
                ?? planner.settings.cut.outputProblem(planner.settings.save.format(of: path))
            {
                throw parsed.error("-o '\(OutputDepth.shown(template.text))': \(reason)")
            }
            return path
        }
    }
}
