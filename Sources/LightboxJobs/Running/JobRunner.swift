import Foundation
import LightboxRender

/// Runs a list of jobs, `concurrency` at a time, the same for every command and for library
/// callers: the roots first (nothing outside them is looked at), then `--resume`'s verdicts, then
/// the supervisor's one check of every output, then the executor; each item is reported the
/// moment it ends.
package struct JobRunner: Sendable {
    /// Where the jobs run.
    package let executor: any JobExecutor
    /// Jobs in flight at once.
    package let concurrency: Int
    /// What every worker is told besides its job.
    package let context: WorkerContext
    /// `--resume`'s view of earlier runs, or nil.
    package let resume: ResumeFilter?
    /// The check of each output before its job runs.
    package let check: OutputCheck
    /// Collects the previews of a contact sheet, when one is drawn.
    package let sheet: ContactSheet?
    /// The check of every input and output against the roots, when the run has them.
    package let roots: RootCheck?

    /// Makes a runner.
    package init(
        executor: any JobExecutor, concurrency: Int, context: WorkerContext, resume: ResumeFilter? = nil,
        check: OutputCheck, sheet: ContactSheet? = nil
    ) {
        self.executor = executor
        self.concurrency = max(1, concurrency)
        self.context = context
        self.resume = resume
        self.check = check
        self.sheet = sheet
        roots = context.roots.map(RootCheck.init)
    }

    /// Runs every job, reporting to `report`; job `i` reports in slot `first + i`.
    package func run(_ jobs: [Job], report: RunReport, first: Int = 0) {
        let next = IndexCounter()
        DispatchQueue.concurrentPerform(iterations: min(concurrency, max(jobs.count, 1))) { _ in
            while let index = next.take(below: jobs.count) {
                defer { report.end(slot: first + index) }
                // `--max-failures` counts an input once, however many of its crops failed.
                var budgeted = false
                execute(jobs[index]) { record in
                    var record = record
                    if jobs[index].cropJob != nil, let failures = record.budgetFailures, failures > 0 {
                        record.budgetFailures = budgeted ? 0 : 1
                        budgeted = true
                    }
                    report.record(record, slot: first + index)
                }
            }
        }
    }

    /// Runs one job: the roots, `--resume`'s verdicts, the check of each output, then the
    /// executor; each item's record goes to `record` as it ends.
    package func execute(_ job: Job, record: (BatchRecord) -> Void) {
        var job = job
        if let roots {
            guard let inside = roots.apply(job, record: record) else { return }
            job = inside
        }
        if let resume {
            let (left, records) = resume.apply(job)
            records.forEach(record)
            guard let left else { return }
            job = left
        }
        var claims: [MadeFolders.Claim] = []
        defer { check.release(claims) }
        guard let checked = checked(job, claims: &claims, record: record) else { return }
        let previews = executor.run(checked, context: context, record: record)
        guard let sheet else { return }
        for preview in previews {
            guard let image = preview.pixels?.image else { continue }
            do throws(RenderError) {
                try sheet.add(
                    image, order: (preview.job, preview.crop), input: checked.inputs.first ?? "contact sheet")
            } catch {
                record(
                    BatchRecord(
                        status: .failed, output: nil, fields: [], error: error.description, milliseconds: 0,
                        cause: error))
            }
        }
    }

    /// `job` without the outputs that cannot be written (each reported failed), or nil when none
    /// is left; `claims` gets the folders made for them, let go when the job ends.
    private func checked(_ job: Job, claims: inout [MadeFolders.Claim], record: (BatchRecord) -> Void) -> Job? {
        switch job {
        case .crop(var crop):
            var kept: [CropItem] = []
            for item in crop.items {
                let paths = [(item.output, item.skipIfWhole)] + (item.preview.map { [($0, false)] } ?? [])
                let problem = paths.firstNonNil { path, skipping in
                    check.problem(
                        path, inputs: [crop.input], force: crop.settings.save.force, skipping: skipping, claims: &claims
                    )
                }
                guard let problem else {
                    kept.append(item)
                    continue
                }
                record(CropRecords.refused(input: crop.input, item: item, error: problem))
            }
            crop.items = kept
            return crop.items.isEmpty ? nil : .crop(crop)
        case .view(let view):
            guard
                let problem = check.problem(
                    view.request.output, inputs: view.request.inputs, force: view.save.force,
                    skipping: view.skipIfWhole, claims: &claims)
            else { return job }
            record(ViewRecords.refused(view, problem: problem))
            return nil
        case .board(let board):
            guard
                let problem = check.problem(
                    board.output, inputs: board.plan.inputs, force: board.save.force, skipping: board.skipIfWhole,
                    claims: &claims)
            else { return job }
            record(BoardRecords.record(board, failures: [], written: false, problem: problem, milliseconds: 0))
            return nil
        }
    }
}
