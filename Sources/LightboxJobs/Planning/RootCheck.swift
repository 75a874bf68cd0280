import Foundation
import LightboxRender
import LightboxSystem

/// The supervisor's one check of a job against the roots (`--root`, `--read-root`,
/// `--write-root`), whichever door the job came in by: every input must resolve inside a read
/// root and every output (previews too) inside a write root, before anything else looks at the
/// job's files (`--resume` reading sizes, `OutputCheck` making folders).
///
/// What breaks the rule fails alone, named with the rule: a crop's input fails all its crops, a
/// crop's output only that crop, a snapshot or a board as a whole. The worker opens the same files
/// through the roots again where it reads and writes them (`InputPins`, `AtomicWriter`).
package struct RootCheck: Sendable {
    /// The roots.
    package let roots: PathRoots

    /// Makes a check.
    package init(roots: PathRoots) {
        self.roots = roots
    }

    /// `job` without what breaks the roots (each reported failed to `record`), or nil when nothing is left.
    package func apply(_ job: Job, record: (BatchRecord) -> Void) -> Job? {
        switch job {
        case .crop(var crop):
            if let problem = roots.problem(crop.input, for: .read) {
                for (index, item) in crop.items.enumerated() {
                    record(
                        CropRecords.failed(
                            input: crop.input, item: item, reason: problem.reason, image: nil, crashed: false,
                            milliseconds: 0, printsError: index == 0))
                }
                return nil
            }
            crop.items = crop.items.filter { item in
                let outputs = [item.output] + (item.preview.map { [$0] } ?? [])
                guard let problem = outputs.firstNonNil({ output(problem: $0) }) else {
                    return true
                }
                record(CropRecords.refused(input: crop.input, item: item, error: problem))
                return false
            }
            return crop.items.isEmpty ? nil : .crop(crop)
        case .view(let view):
            guard let problem = problem(inputs: view.request.inputs, output: view.request.output) else { return job }
            record(ViewRecords.refused(view, problem: problem))
            return nil
        case .board(let board):
            guard let problem = problem(inputs: board.plan.inputs, output: board.output) else { return job }
            record(BoardRecords.record(board, failures: [], written: false, problem: problem, milliseconds: 0))
            return nil
        }
    }

    /// The first of `inputs` outside the read roots, else `output` outside the write roots.
    private func problem(inputs: [String], output: String) -> RenderError? {
        inputs.firstNonNil { roots.problem($0, for: .read).map(RenderError.init) } ?? self.output(problem: output)
    }

    /// Why `output` is outside the write roots; standard output (`-`) is no file and passes.
    private func output(problem output: String) -> RenderError? {
        output == OutputPath.standardOutput ? nil : roots.problem(output, for: .write).map(RenderError.init)
    }
}
