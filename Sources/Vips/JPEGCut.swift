import CExif
import CJpeg

/// A JPEG cut without re-encoding: the rect's DCT coefficients copied (turned upright block by
/// block) with libjpeg-turbo's `jpeg_read_coefficients` and `jpeg_write_coefficients`, so the
/// output's coefficients and quantization tables are the input's.
///
/// The source is decoded only down to the rect's last iMCU row, one row at a time (libjpeg's
/// whole-image coefficient arrays are replaced by one-row rings), from the restart marker before
/// the rect's first row when the file has them, and the output's Huffman
/// tables are optimized for the cut. Open, then write once.
package final class JPEGCut {
    /// Why a cut could not be made.
    package enum Failure: Error, Equatable, Sendable {
        /// A kind of JPEG the cut cannot read in one pass (progressive, arithmetic, separate scans).
        case unsupported(String)
        /// The file could not be read (or the cut made).
        case failed(String)
        /// The output could not be made or written (a full disk), with the system's reason.
        case output(String)

        /// The reason, for messages.
        package var reason: String {
            switch self {
            case .unsupported(let text), .failed(let text), .output(let text): return text
            }
        }
    }

    /// The stored width in pixels.
    package let width: Int
    /// The stored height in pixels.
    package let height: Int
    /// The iMCU width in pixels: 8, or 16 with horizontally subsampled chroma.
    package let blockWidth: Int
    /// The iMCU height in pixels: 8, or 16 with vertically subsampled chroma.
    package let blockHeight: Int
    /// The C cut: libjpeg's source state after its header, freed with the value.
    private let cut: UnsafeMutablePointer<lbx_jpeg_cut>
    /// Whether the output gets the input's EXIF, XMP, IPTC and comments.
    private let keepMetadata: Bool

    /// Opens `path` and reads its header; `keepMetadata` keeps EXIF, XMP, IPTC and comments for
    /// the output; `lenient` lets damaged data pass (libvips' `fail_on` none) instead of failing.
    package init(path: String, keepMetadata: Bool, lenient: Bool) throws(Failure) {
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let opened: String
        do { opened = try PinnedFiles.opening(path) } catch { throw .failed(error.message) }
        guard
            let cut = lbx_jpeg_cut_open(
                opened, keepMetadata ? 1 : 0, lenient ? 1 : 0, &status, &message, message.count)
        else {
            let text = PinnedFiles.restoring(
                String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            throw status == LBX_JPEG_CUT_UNSUPPORTED ? .unsupported(text) : .failed(text)
        }
        cut.pointee.no_restart = JPEGRegion.restartsDisabled ? 1 : 0
        self.cut = cut
        self.keepMetadata = keepMetadata
        width = Int(cut.pointee.width)
        height = Int(cut.pointee.height)
        blockWidth = Int(cut.pointee.block_width)
        blockHeight = Int(cut.pointee.block_height)
    }

    /// Frees libjpeg's state and closes the files.
    deinit { lbx_jpeg_cut_close(cut) }

    /// Writes the stored rect (on the iMCU grid, or ending at the image's edge) to `path`, each
    /// block transposed and then mirrored as `steps` say, with the ICC profile when `keepICC`
    /// (and the metadata asked for at opening, the EXIF made upright). The caller removes a
    /// failed output.
    package func write(
        to path: String, left: Int, top: Int, width: Int, height: Int,
        steps: (transpose: Bool, flipX: Bool, flipY: Bool), keepICC: Bool
    ) throws(Failure) {
        if keepMetadata {
            let shown = steps.transpose ? (height, width) : (width, height)
            for (code, bytes) in metadataMarkers(width: shown.0, height: shown.1) {
                guard lbx_jpeg_cut_add_marker(cut, Int32(code), bytes, UInt32(bytes.count)) == 0 else {
                    throw .failed("too many metadata markers to copy")
                }
            }
        }
        let status = lbx_jpeg_cut_write(
            cut, path, Int32(left), Int32(top), Int32(width), Int32(height), steps.transpose ? 1 : 0,
            steps.flipX ? 1 : 0, steps.flipY ? 1 : 0, keepICC ? 1 : 0)
        guard status == LBX_JPEG_CUT_OK else {
            let text = String(cString: lbx_jpeg_cut_message(cut))
            throw lbx_jpeg_cut_output_failed(cut) != 0 ? .output(text) : .failed(text)
        }
        // A lenient cut written despite libjpeg's warnings: the first is the file's, as libvips' reader keeps it.
        if lbx_jpeg_cut_warning_count(cut) > 0 { VipsWarnings.record(String(cString: lbx_jpeg_cut_message(cut))) }
    }

    /// The saved EXIF (made upright for a `width` x `height` output), XMP, IPTC and comment markers.
    private func metadataMarkers(width: Int, height: Int) -> [(Int, [UInt8])] {
        var markers: [(Int, [UInt8])] = []
        var marker = cut.pointee.src.marker_list
        while let current = marker {
            let code = Int(current.pointee.marker)
            let bytes = Array(UnsafeBufferPointer(start: current.pointee.data, count: Int(current.pointee.data_length)))
            marker = current.pointee.next
            guard code != JPEG_APP0 + 2 else { continue }
            if code == JPEG_APP0 + 1 && bytes.starts(with: JPEGCut.exifHeader) {
                if let upright = JPEGCut.uprightExif(bytes, width: width, height: height) {
                    markers.append((code, upright))
                }
                continue
            }
            markers.append((code, bytes))
        }
        return markers
    }

    /// The bytes an APP1 EXIF payload starts with.
    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// An EXIF payload with the orientation 1 and the pixel dimensions `width` x `height`
    /// (libexif, as libvips writes EXIF); nil when libexif finds no EXIF in it.
    package static func uprightExif(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8]? {
        var length: UInt32 = 0
        guard let saved = lbx_exif_upright(bytes, UInt32(bytes.count), UInt32(width), UInt32(height), &length) else {
            return nil
        }
        defer { free(saved) }
        return Array(UnsafeBufferPointer(start: saved, count: Int(length)))
    }
}
