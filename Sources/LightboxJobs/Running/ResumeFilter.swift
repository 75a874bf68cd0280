import Foundation
import LightboxRender
import LightboxSystem

/// What `--resume` does to each job before it is sent, from the journal of earlier runs: outputs
/// recorded whole are skipped here, outputs on disk it does not know are left to the worker to
/// skip when they are whole images of their format (anything else there fails the item unless
/// `--force`: skipping never becomes replacing), and items whose decoder crashed too often are given up.
package struct ResumeFilter: Sendable {
    /// What the journal knows.
    package let ledger: JournalLedger
    /// `--force`: an output the journal does not know that is not a whole image is replaced.
    package let force: Bool

    /// Makes a filter over `ledger`.
    package init(ledger: JournalLedger, force: Bool = false) {
        self.ledger = ledger
        self.force = force
    }

    /// `job` with what is left to do (nil when nothing is), and the records of what it skipped or gave up.
    package func apply(_ job: Job) -> (job: Job?, records: [BatchRecord]) {
        for output in job.outputs {
            let folder = PathText.folder(of: output)
            TempFiles.shared.sweepStale(in: folder.isEmpty ? "." : folder)
        }
        switch job {
        case .crop(var crop):
            var records: [BatchRecord] = []
            crop.items = crop.items.compactMap { item in
                var item = item
                item.crashes = ledger.crashes(of: item.output)
                switch ledger.verdict(for: item.output) {
                case .whole:
                    records.append(CropRecords.skipped(input: crop.input, item: item))
                    return nil
                case .gaveUp(let crashes):
                    records.append(
                        CropRecords.failed(
                            input: crop.input, item: item, reason: JournalLedger.gaveUpReason(crashes), image: nil,
                            crashed: false, milliseconds: 0, printsError: true))
                    return nil
                case .unknown: (item.skipIfWhole, item.replacesNotWhole) = (true, force)
                case .redo: break
                }
                return item
            }
            return (crop.items.isEmpty ? nil : .crop(crop), records)
        case .view(var view):
            view.crashes = ledger.crashes(of: view.request.output)
            switch ledger.verdict(for: view.request.output) {
            case .whole: return (nil, [ViewRecords.skipped(view)])
            case .gaveUp(let crashes):
                return (
                    nil,
                    [
                        ViewRecords.failed(
                            view, reason: JournalLedger.gaveUpReason(crashes), crashed: false, milliseconds: 0)
                    ]
                )
            case .unknown: (view.skipIfWhole, view.replacesNotWhole) = (true, force)
            case .redo: break
            }
            return (.view(view), [])
        case .board:
            return (job, [])
        }
    }
}
