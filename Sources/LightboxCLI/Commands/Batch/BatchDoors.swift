import LightboxArguments
import LightboxJobs

/// Where each option of `lightbox batch` applies: it has one door, its jobs, and each option is a
/// default of the jobs that take it (`--lossless` of crop jobs, `--quality` of every job...). The
/// options are listed here by hand, so one added to the command without a rule fails the test
/// that walks every option through every door.
enum BatchDoors {
    /// The table.
    static let table = OptionDoors(
        doors: [.init("jobs", described: "the jobs")],
        rules: OptionDoors.everywhere(
            [
                BatchOptions.jobs, OutputOptions.force, OutputOptions.keepMetadata, OutputOptions.strip,
                OutputOptions.stripICC, CropCutOptions.oriented, CropCutOptions.mask, CropCutOptions.lossless,
                CropOptions.background, OutputOptions.quiet, ReadWriteOptions.quality, ReadWriteOptions.failOn,
                ReadWriteOptions.maxPixels, BatchOptions.maxFailures,
            ] + WorkerOptions.declared + RootOptions.declared + BatchLimits.declared))
}
