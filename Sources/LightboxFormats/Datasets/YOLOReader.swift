import Foundation
import LightboxGeometry

/// Turns a YOLO dataset (an Ultralytics `data.yaml`, or label files beside images) into crops by class.
package struct YOLOReader: Sendable {
    /// Where the dataset is described.
    package enum Layout: Sendable {
        /// An Ultralytics `data.yaml`.
        case dataset(String)
        /// `--yolo LABELS --images IMAGES [--classes FILE]`.
        case flat(labels: String, images: String, classes: String?)
    }

    /// The dataset.
    package let layout: Layout
    /// Padding, squaring, strictness and the classes kept.
    package let options: DatasetOptions
    /// The splits of a data.yaml read (`--splits`); nil reads every split.
    package let splits: [String]?
    /// Where a data.yaml's relative `path` may also be (`--datasets-dir`, Ultralytics' `datasets_dir`).
    package let datasetsDir: String?

    /// Makes a value from its parts.
    package init(layout: Layout, options: DatasetOptions, splits: [String]? = nil, datasetsDir: String? = nil) {
        self.layout = layout
        self.options = options
        self.splits = splits
        self.datasetsDir = datasetsDir
    }

    /// One crop entry per box, and a problem per bad line or missing image; `warn` takes what
    /// was left out (a missing optional split, an `--only` class no box has).
    package func entries(
        outDir: String, warn: (String) -> Void = { _ in }
    ) throws(BatchProblem) -> (entries: [CropEntry], problems: [BatchProblem]) {
        let (images, names, namesFile, poseValues) = try read(warn: warn)
        let known = (names ?? [:]).map { DatasetClass(id: $0.key, name: $0.value) }
        if names != nil {
            try options.checkOnly(known: known, file: namesFile, source: namesSource)
        } else {
            try options.checkOnlyIDs(file: labelsPath)
        }
        var planner = YOLOPlanner(
            outDir: outDir, names: names, namesFile: namesFile, options: options,
            lines: YOLOLabelLine(poseValues: poseValues, pad: options.pad, strict: options.strict))
        var labelled = 0
        for pair in images.pairs {
            guard let data = FileManager.default.contents(atPath: pair.label) else { continue }
            labelled += 1
            planner.add(pair, text: String(decoding: data, as: UTF8.self))
        }
        guard labelled > 0 else { throw noLabels(images.pairs) }
        let seen = planner.classIDs.map { DatasetClass(id: $0, name: names?[$0]) }
        try options.checkMatched(
            seen: Set(seen), known: known, file: names == nil ? labelsPath : namesFile, warn: warn)
        return (planner.entries, images.problems + planner.problems)
    }

    /// The labelled images, the class names (nil: ids name the folders), their file and the pose line size.
    private func read(
        warn: (String) -> Void
    ) throws(BatchProblem) -> (
        images: (pairs: [YOLOLabelled], problems: [BatchProblem]), names: [Int: String]?, namesFile: String,
        poseValues: Int?
    ) {
        switch layout {
        case .dataset(let path):
            let dataset = try YOLODataset(path: path, splits: splits, datasetsDir: datasetsDir)
            dataset.warnings.forEach(warn)
            return ((dataset.images, []), dataset.names, path, dataset.poseValues)
        case .flat(let labels, let images, let classes):
            let names = try classes.map { (path: String) throws(BatchProblem) in try ClassNames.read(path) }
            return (try YOLOFlatLayout(labels: labels, images: images).pairs(), names, classes ?? "", nil)
        }
    }

    /// Where the class names come from, for messages: the data.yaml, or `--classes FILE`.
    private var namesSource: String {
        switch layout {
        case .dataset(let path): return path
        case .flat(_, _, let classes): return "--classes \(classes ?? "")"
        }
    }

    /// The label folder (or the data.yaml), for messages about the labels as a whole.
    private var labelsPath: String {
        switch layout {
        case .dataset(let path): return path
        case .flat(let labels, _, _): return labels
        }
    }

    /// The error for a dataset none of whose images has a label file.
    private func noLabels(_ pairs: [YOLOLabelled]) -> BatchProblem {
        switch layout {
        case .dataset(let path):
            guard let first = pairs.first else {
                return BatchProblem(path, "no labels found: the splits hold no images")
            }
            return BatchProblem(
                path, "no labels found: none of the \(pairs.count) images has a label file (such as \(first.label))")
        case .flat(let labels, _, _):
            return BatchProblem(labels, "no labels found: no label file has an image")
        }
    }
}
