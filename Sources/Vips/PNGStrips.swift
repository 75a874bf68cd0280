import CIsal
import CPng
import CVips
import Foundation

/// The image data of a PNG: rows taken in order from libvips (`vips_sink_disc`), filtered here
/// in strips of about `stripBytes`, each strip deflated on its own thread and written as one IDAT
/// chunk, in order, as soon as those before it are.
///
/// The strips form one zlib stream, as pigz makes one gzip stream: each strip's deflate starts
/// from the stream's previous 32 KB as its dictionary and ends with a sync flush (an empty stored
/// block, byte-aligned and not final), the last one with the final block; the stream's Adler-32 is
/// the strips' own, combined (`adler32_combine`). At most `threads` strips are in flight
/// (`PNGWorkers`), so memory stays a few strips whatever the image's size.
final class PNGStrips: @unchecked Sendable {
    /// About how many bytes of rows one strip holds (at least one row).
    static let stripBytes = 256 << 10
    /// The most of the stream's past a strip's deflate may refer to (deflate's window).
    static let window = 32 << 10

    let settings: PNGEncoder
    let file: PNGFile
    /// Bytes in one row as PNG stores it, and rows per strip.
    let rowBytes: Int, stripRows: Int
    /// The strip being gathered: its rows as PNG stores them, and how many it has.
    private var rows: [UInt8], gathered = 0
    /// The last row of the previous strip, which the next one's first row is filtered against.
    private var above: [UInt8]?
    /// The stream's last bytes so far (up to `window`), the next strip's dictionary.
    private var recent: [UInt8] = []
    private var scratch: [UInt8]
    /// Strips handed out, and the image's rows taken.
    private var made = 0, taken = 0
    /// The threads deflating, and how many strips may wait to be written.
    private let workers: PNGWorkers
    private let limit: Int
    /// Guards the finished strips, the next one to write, the Adler-32 so far and the first failure.
    private let lock = NSLock()
    private var finished: [Int: Deflated] = [:]
    private var written = 0
    private var adler: UInt = adler32(0, nil, 0)
    private var failure: VipsError?

    /// One strip deflated: its bytes (malloc'd), its uncompressed length and Adler-32, and whether it ends the image.
    private struct Deflated: @unchecked Sendable {
        let bytes: UnsafeMutablePointer<UInt8>?
        let size: Int, length: Int
        let adler: UInt
        let last: Bool
    }

    /// Prepares to write `settings.image`'s data to `file` with `threads` deflating at once.
    init(_ settings: PNGEncoder, file: PNGFile, threads: Int) {
        self.settings = settings
        self.file = file
        rowBytes = settings.image.width * settings.image.bands * settings.bitDepth / 8
        stripRows = max(1, PNGStrips.stripBytes / rowBytes)
        rows = [UInt8](repeating: 0, count: min(stripRows, settings.image.height) * rowBytes)
        scratch = [UInt8](repeating: 0, count: 2 * rowBytes)
        limit = max(1, threads)
        workers = PNGWorkers(helpers: threads - 1)
    }

    /// Runs the image's pipeline and writes every strip; throws the first failure (libvips', or a
    /// write's). The pipeline runs under `EvaluationGuard`, as every save does: a decoder failing
    /// on a thread libvips 8.14 stops listening to fails the image, not a strip of black.
    func write() throws(VipsError) {
        try EvaluationGuard.evaluate(settings.image, context: PNGEncoder.context) {
            (guarded: VImage) throws(VipsError) in
            let status = vips_sink_disc(
                guarded.pointer,
                { region, area, context in
                    guard let region, let area, let context else { return -1 }
                    return Unmanaged<PNGStrips>.fromOpaque(context).takeUnretainedValue().take(region, area.pointee)
                }, Unmanaged.passUnretained(self).toOpaque())
            workers.finish()
            lock.lock()
            let failure = self.failure
            lock.unlock()
            if let failure {
                vips_error_clear()
                throw failure
            }
            guard status == 0 else { throw VipsError.fromBuffer(PNGEncoder.context) }
            guard written == made, taken == settings.image.height else {
                throw VipsError("\(PNGEncoder.context): rows missing")
            }
        }
    }

    /// The sink's callback: the rows of `area`, the next ones in order, gathered into strips.
    private func take(_ region: UnsafeMutablePointer<VipsRegion>, _ area: VipsRect) -> Int32 {
        var y = Int(area.top)
        let end = y + Int(area.height)
        let stride = Int(region.pointee.bpl)
        while y < end {
            let count = min(end - y, stripRows - gathered)
            rows.withUnsafeMutableBytes { target in
                lbx_png_copy_rows(
                    lbx_region_address(region, 0, Int32(y)), stride, Int32(count), rowBytes,
                    settings.bitDepth == 16 ? 1 : 0, target.baseAddress! + gathered * rowBytes)
            }
            gathered += count
            taken += count
            y += count
            if gathered == stripRows || taken == settings.image.height {
                guard hand() else { return -1 }
            }
        }
        return 0
    }

    /// Filters the gathered strip and hands it to a thread to deflate; false once anything failed.
    private func hand() -> Bool {
        let count = gathered
        let length = count * (rowBytes + 1)
        var filtering = [UInt8](repeating: 0, count: length)
        var plain = true
        rows.withUnsafeBufferPointer { source in
            filtering.withUnsafeMutableBufferPointer { out in
                scratch.withUnsafeMutableBufferPointer { work in
                    if settings.compression == 0 {
                        for y in 0..<count {
                            memcpy(
                                out.baseAddress! + y * (rowBytes + 1) + 1, source.baseAddress! + y * rowBytes, rowBytes)
                        }
                        return
                    }
                    plain =
                        lbx_png_filter_strip(
                            source.baseAddress, above, Int32(count), rowBytes, Int32(settings.bytesPerPixel),
                            out.baseAddress, work.baseAddress) != 0
                }
            }
        }
        let filtered = filtering
        above = Array(rows[((count - 1) * rowBytes)..<(count * rowBytes)])
        let dictionary = recent
        recent = Array((recent + filtered.suffix(PNGStrips.window)).suffix(PNGStrips.window))
        let (index, last) = (made, taken == settings.image.height)
        made += 1
        gathered = 0
        let deflater = settings.deflater(plain: plain)
        workers.submit { [self] in
            var size = 0
            let bytes = filtered.withUnsafeBufferPointer { data in
                dictionary.withUnsafeBufferPointer { past in
                    switch deflater {
                    case .igzip:
                        lbx_isal_deflate(
                            data.baseAddress, data.count, past.baseAddress, past.count, last ? 1 : 0, &size)
                    case .zlib(let strategy):
                        lbx_png_deflate(
                            data.baseAddress, data.count, past.baseAddress, past.count, Int32(settings.compression),
                            strategy, last ? 1 : 0, &size)
                    }
                }
            }
            let sum = filtered.withUnsafeBufferPointer { adler32(adler32(0, nil, 0), $0.baseAddress, UInt32($0.count)) }
            done(index, Deflated(bytes: bytes, size: size, length: length, adler: sum, last: last))
        }
        workers.help(until: limit)
        lock.lock()
        defer { lock.unlock() }
        return failure == nil
    }

    /// Keeps strip `index` and writes every strip now ready, in order.
    private func done(_ index: Int, _ strip: Deflated) {
        lock.lock()
        defer { lock.unlock() }
        finished[index] = strip
        while let next = finished.removeValue(forKey: written) {
            defer {
                free(next.bytes)
                written += 1
                workers.written()
            }
            guard failure == nil else { continue }
            guard let bytes = next.bytes else {
                failure = VipsError("\(PNGEncoder.context): out of memory deflating the image data")
                continue
            }
            adler = adler32_combine(adler, next.adler, off_t(next.length))
            do throws(VipsError) {
                try writeChunk(
                    UnsafeRawBufferPointer(start: bytes, count: next.size), first: written == 0, last: next.last)
            } catch {
                failure = error
            }
        }
    }

    /// One IDAT chunk: the zlib header before the first strip, the Adler-32 after the last.
    private func writeChunk(_ data: UnsafeRawBufferPointer, first: Bool, last: Bool) throws(VipsError) {
        let header = first ? settings.zlibHeader : []
        let trailer = last ? PNGFile.bigEndian(UInt32(truncatingIfNeeded: adler)) : []
        let result = header.withUnsafeBytes { head in
            trailer.withUnsafeBytes { tail in
                Result { () throws(VipsError) in try file.chunk("IDAT", [head, data, tail]) }
            }
        }
        try result.get()
    }
}
