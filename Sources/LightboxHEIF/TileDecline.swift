/// Why the tile path leaves a HEIF file to libvips' full decode, which then decodes it (or
/// fails on it) exactly as before.
package enum TileDecline: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary image is not a grid (one HEVC image, a derived or overlay image).
    case notGrid
    /// The grid's tiles are AV1 (an AVIF grid).
    case av1Tiles
    /// An alpha plane would be composed into the image.
    case alpha
    /// HEVC range extensions: tiles that are not 4:2:0 Main, Main 10 or Main Still Picture.
    case rangeExtensions
    /// More than 8 bits per sample (libvips decodes those to 16 bits).
    case deepSamples
    /// Tiles of different sizes, transformed tiles, a grid larger than its tiles, or tile data
    /// outside this file or the reach of the in-memory grid.
    case irregularGrid
    /// A clean aperture whose arithmetic libheif 1.15 cannot do exactly (it would overflow).
    case transform
    /// The composed size disagrees with the size libvips read from the header.
    case sizeMismatch
    /// Some tile's data lies past the end of the file: libvips' full decode fails on it.
    case truncated
    /// Boxes that cannot be read.
    case malformed(String)

    /// Every reason, for tests that count them (`malformed` with an empty reason).
    package static let all: [TileDecline] = [
        .notGrid, .av1Tiles, .alpha, .rangeExtensions, .deepSamples, .irregularGrid, .transform, .sizeMismatch,
        .truncated, .malformed(""),
    ]

    /// A short name, as tests and debug output name it.
    package var name: String {
        switch self {
        case .notGrid: return "not-grid"
        case .av1Tiles: return "av1-tiles"
        case .alpha: return "alpha"
        case .rangeExtensions: return "range-extensions"
        case .deepSamples: return "deep-samples"
        case .irregularGrid: return "irregular-grid"
        case .transform: return "transform"
        case .sizeMismatch: return "size-mismatch"
        case .truncated: return "truncated"
        case .malformed: return "malformed"
        }
    }

    /// The name, and the reader's reason for `malformed`.
    package var description: String {
        if case .malformed(let reason) = self, !reason.isEmpty { return "malformed: \(reason)" }
        return name
    }
}
