import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender
import LightboxSystem

/// Builds crop jobs, once, in the supervisor, from every door: rects on the command line, the
/// lines of a CSV or JSON Lines manifest, a dataset's boxes and a `lightbox batch` job. A line's
/// fields are read by the one crop field reader (`ManifestReader.entry`), its rect meets
/// `RectRule`, its output `OutputRule` and `OutputPlacement`, so every door has the same keys,
/// forms and messages.
package struct CropPlanner: Sendable {
    /// How every crop is read and written.
    package let settings: CropSettings
    /// Where outputs go.
    package let placement: OutputPlacement
    /// Rects without `units` are in these.
    package let units: RectUnits
    /// `--preview`, if previews are drawn.
    package let preview: OutputTemplate?
    /// Rects without `angle` are turned by this many degrees (`--angle`), if any.
    package let angle: Double?
    /// Rects without `square` are made square (`--square`).
    package var square = false
    /// Whether a fraction that looks like pixels is refused with the hint to ask for pixels:
    /// where a door can (`--units px`, a line's `units`), not for the library, which cannot.
    package var hintsPixels = true

    /// Makes a planner.
    package init(
        settings: CropSettings, placement: OutputPlacement, units: RectUnits, preview: OutputTemplate?,
        angle: Double? = nil
    ) {
        self.settings = settings
        self.placement = placement
        self.units = units
        self.preview = preview
        self.angle = angle
    }

    /// A planned crop before grouping: its input, the item, and a dataset box's annotated size.
    package typealias Planned = (input: String, item: CropItem, annotatedSize: AnnotatedSize?)

    /// The crop one entry (a manifest line, a batch job's crop) asks for, or the problem of its line.
    ///
    /// `number` is the rect's number among its input's, for a default name from `fallback`
    /// (`{dir}/{stem}-{n}.{ext}` for a manifest); without `fallback` an output is required.
    package func item(
        _ entry: ManifestEntry, file: String, base: String, number: Int, fallback: OutputTemplate?,
        warn: (String) -> Void
    ) -> Result<CropItem, BatchProblem> {
        let origin = JobOrigin(source: file, line: entry.line)
        func problem(_ field: String?, _ message: String) -> Result<CropItem, BatchProblem> {
            .failure(BatchProblem(file, line: entry.line, field: field, message))
        }
        guard entry.input != OutputPath.standardOutput else {
            return problem("input", "'-' is not allowed (standard input is not a file here)")
        }
        var units = self.units
        if let text = entry.units {
            guard let given = RectUnits(rawValue: text) else {
                return problem("units", "'\(text)': use one of \(RectUnits.choices.joined(separator: ", "))")
            }
            units = given
        }
        let shaped: Shaped
        switch shape(of: entry, units: units, file: file, warn: warn) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): shaped = value
        }
        let name: OutputName
        let placed: Result<String, OutputFolder.Escape>
        if let given = entry.output {
            name = OutputName(given)
            placed = placement.place(name.path)
        } else if let fallback {
            placed = placement.place(fallback, input: entry.input, number: number, base: base)
            name = OutputName((try? placed.get()) ?? "")
        } else {
            return problem("output", "missing")
        }
        let output: String
        switch placed {
        case .failure(let escape): return problem(nil, escape.description)
        case .success(let path): output = path
        }
        let checked: OutputName
        switch OutputRule.checked(name, format: settings.save.streamFormat) {
        case .failure(let reason): return problem("output", "'\(OutputDepth.shown(name.path))': \(reason)")
        case .success(let value): checked = value
        }
        if let reason = OutputDepth.problem(output) ?? shaped.cut.outputProblem(settings.save.format(of: output)) {
            return problem("output", "'\(OutputDepth.shown(name.path))': \(reason)")
        }
        var item = CropItem(
            rect: shaped.rect, units: units, square: entry.square ?? square, output: output,
            saverSettings: checked.settings, origin: origin)
        (item.clipped, item.shape, item.cut) = (shaped.clipped, shaped.shape, shaped.cut)
        return .success(item)
    }

    /// A dataset's boxes (already placed and checked by its reader) as planned crops.
    package func dataset(_ entries: [CropEntry]) -> [Planned] {
        entries.map { entry in
            var item = CropItem(
                rect: entry.rect, square: entry.square, output: entry.output, origin: JobOrigin(entry.origin))
            (item.clipped, item.shape, item.cut) = (entry.clipped, entry.shape, settings.cut)
            return (entry.input, item, entry.annotatedSize)
        }
    }

    /// Groups planned crops by input (in the order inputs first appear) into jobs, each crop with
    /// its preview path; a preview that would leave its folder is the problem of that crop. The
    /// jobs are numbered from `firstOrder` (a later window's follow the earlier ones').
    package func jobs(
        _ crops: [Planned], base: String = "", firstOrder: Int = 0
    ) -> (jobs: [CropJob], problems: [BatchProblem]) {
        var jobs: [CropJob] = []
        var slots: [String: Int] = [:]
        var problems: [BatchProblem] = []
        for (input, item, annotatedSize) in crops {
            let slot = slots[input] ?? jobs.count
            if slot == jobs.count {
                slots[input] = slot
                var job = CropJob(order: firstOrder + slot, input: input, items: [], settings: settings)
                job.annotatedSize = annotatedSize
                jobs.append(job)
            }
            var item = item
            if let preview {
                let number = jobs[slot].items.count + 1
                let placed = OutputPlacement(outDir: nil, format: placement.format).place(
                    preview, input: input, number: number, base: base, rule: "--preview")
                switch placed {
                case .success(let path): item.preview = path
                case .failure(let escape):
                    problems.append(
                        BatchProblem(
                            item.origin.source ?? input, line: item.origin.line, "preview: \(escape.description)"))
                    continue
                }
            }
            jobs[slot].items.append(item)
        }
        return (jobs.filter { !$0.items.isEmpty }, problems)
    }
}
