/// One unit of work of any command, built once in the supervisor from whichever door it came in by.
package enum Job: Sendable {
    /// Crops of one input.
    case crop(CropJob)
    /// A viewer snapshot or animation.
    case view(ViewJob)
    /// A board.
    case board(BoardJob)

    /// The kind of job, the command that asks for it.
    package var kind: JobKind {
        switch self {
        case .crop: return .crop
        case .view: return .view
        case .board: return .board
        }
    }

    /// The outputs the job writes, in order.
    package var outputs: [String] {
        switch self {
        case .crop(let job): return job.items.map(\.output)
        case .view(let job): return [job.request.output]
        case .board(let job): return [job.output]
        }
    }

    /// The files the job reads.
    package var inputs: [String] {
        switch self {
        case .crop(let job): return [job.input]
        case .view(let job): return job.request.inputs
        case .board(let job): return job.plan.inputs
        }
    }

    /// The crops of one input, when this is that job.
    package var cropJob: CropJob? {
        if case .crop(let job) = self { return job }
        return nil
    }

    /// The items the job counts as (one per crop; one for a snapshot or a board).
    package var itemCount: Int {
        if case .crop(let job) = self { return job.items.count }
        return 1
    }

    /// The items `--max-failures` counts the job as: one for an input's crops (a photo counts
    /// once however many of its crops fail), one for a snapshot, a board's photos.
    package var budgetItems: Int {
        if case .board(let job) = self { return job.plan.photos.count }
        return 1
    }
}
