import Vips

/// Compares two images of the same size through libvips.
enum ImageDifference {
    /// The mean absolute difference per band value, 0 for identical images.
    static func mean(_ first: VImage, _ second: VImage) throws -> Double {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return try absolute.average()
    }

    /// The largest absolute difference of any band value, 0 for identical images.
    static func maximum(_ first: VImage, _ second: VImage) throws -> Double {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return try VOperation.call("max", [("in", .image(absolute))]).double("out")
    }
}
