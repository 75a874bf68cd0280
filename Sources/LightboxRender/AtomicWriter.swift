import Foundation
import Vips

/// Writes an image to its final path through a temp file in the same folder and a rename.
///
/// A reader never sees a partial output: the temp file is either renamed whole or removed.
/// Without `force` the final step is `link(2)`, which fails rather than replace a file that
/// appeared meanwhile.
package struct AtomicWriter: Sendable {
    /// The save options in force.
    package let options: SaveOptions

    /// Makes a writer.
    package init(options: SaveOptions) {
        self.options = options
    }

    /// Writes `image` to `path` in the format its extension names.
    ///
    /// The caller has checked the path first (`OutputPath.check`: its folder, never an input, an
    /// existing file only with `force`); here a file that appeared meanwhile is still never
    /// replaced without `force`. `input` is the file whose pixels are decoded while saving, blamed
    /// when they are damaged; nil for a picture composed of pixels already in memory (a board).
    /// The path `-` is standard output, in `options.streamFormat`, through a private temp file.
    package func write(_ image: VImage, to path: String, input: String?) throws(RenderError) {
        let format = try format(of: path)
        let saver = try format.saver(for: "x." + format.rawValue)
        try writeFile(to: path, format: format) { (temp: String) throws(RenderError) in
            let prepared: VImage
            do throws(VipsError) {
                prepared = try options.prepared(
                    options.flattened(DisplayColour.saveable(image, as: format), for: format))
                try prepared.save(
                    to: temp, saver: saver, options: options.saverArguments(for: format, image: prepared),
                    optionString: options.saverOptions)
            } catch {
                throw AtomicWriter.blame(error.message, temp: temp, output: path, input: input)
            }
            try MadeUpExif.clean(temp, format: format, ownExif: prepared.hasField("exif-data"))
        }
    }

    /// The format `path` is written in: its extension's, or `--format`'s for standard output.
    package func format(of path: String) throws(RenderError) -> OutputFormat {
        let streamed = path == OutputPath.standardOutput
        guard
            let format = streamed
                ? options.streamFormat : OutputFormat(extension: URL(fileURLWithPath: path).pathExtension)
        else {
            throw RenderError(path, OutputFormat.problem(with: path) ?? "unsupported output format")
        }
        return format
    }

    /// Writes the file `produce` makes at the temp path it is given to `path` (linked or renamed
    /// into place; standard output for `-`). A failure of `produce` removes the temp file and is
    /// thrown as it is.
    package func writeFile(
        to path: String, format: OutputFormat, produce: (String) throws(RenderError) -> Void
    ) throws(RenderError) {
        let streamed = path == OutputPath.standardOutput
        let url = streamed ? URL(fileURLWithPath: NSTemporaryDirectory() + "stdout") : URL(fileURLWithPath: path)
        let temp =
            streamed
            ? OutputPath.temporary(for: url.appendingPathExtension(format.rawValue)) : OutputPath.temporary(for: url)
        TempFiles.shared.add(temp)
        do {
            try produce(temp)
        } catch {
            try TempFiles.shared.finish(temp) { () throws(RenderError) in
                unlink(temp)
                throw error
            }
        }
        try TempFiles.shared.finish(temp) { () throws(RenderError) in
            try streamed ? AtomicWriter.stream(temp) : publish(temp, as: path)
        }
    }

    /// Copies the finished temp file to standard output and removes it.
    private static func stream(_ temp: String) throws(RenderError) {
        defer { unlink(temp) }
        guard let data = FileManager.default.contents(atPath: temp) else {
            throw RenderError(OutputPath.standardOutput, "cannot read the finished image back")
        }
        FileHandle.standardOutput.write(data)
    }

    /// Moves the finished temp file into place, replacing only with `force`.
    private func publish(_ temp: String, as path: String) throws(RenderError) {
        defer { unlink(temp) }
        if options.force {
            guard rename(temp, path) == 0 else { throw RenderError(path, Self.systemError()) }
            return
        }
        if link(temp, path) == 0 { return }
        let code = errno
        if code == EEXIST { throw RenderError(path, "output exists (use --force to replace it)") }
        guard code == EPERM || code == EOPNOTSUPP || code == EXDEV else {
            throw RenderError(path, Self.systemError(code))
        }
        if access(path, F_OK) == 0 { throw RenderError(path, "output exists (use --force to replace it)") }
        guard rename(temp, path) == 0 else { throw RenderError(path, Self.systemError()) }
    }

    /// A save failure names the output when the system refused the write (a full disk, an I/O
    /// error), and the input otherwise (a truncated input fails only while the output is saved),
    /// with the loader's reason alone: the saver's "unable to write" would read as a disk problem.
    static func blame(_ message: String, temp: String, output: String, input: String?) -> RenderError {
        let text = message.replacingOccurrences(of: temp, with: output)
        guard !message.contains("unix error"), let input else { return RenderError(output, text) }
        return RenderError(input, inputReason(text))
    }

    /// The input's part of a save failure: the saver's name and its own "unable to write" parts removed.
    static func inputReason(_ text: String) -> String {
        let parts = text.components(separatedBy: "; ").map { part in
            part.replacingOccurrences(of: #"^VipsForeignSave\w*: "#, with: "", options: .regularExpression)
        }
        let reasons = parts.filter { !$0.contains("unable to write") && !$0.isEmpty }
        return reasons.isEmpty ? "the image data is damaged (libvips gave no detail)" : reasons.joined(separator: "; ")
    }

    /// The text of `errno` (or `code`).
    static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
