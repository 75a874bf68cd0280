/// Word-wraps text and lays out two-column tables for help output.
package enum TextLayout {
    /// The width no generated help line exceeds, unless a single word is longer.
    package static let lineWidth = 80
    /// The indentation of section entries.
    package static let indent = "  "
    /// The widest label that still shares its line with its description.
    package static let maximumLabelWidth = 26
    /// The gap between a label and its description.
    package static let gutter = 2

    /// Greedily fills lines with `words`, starting the first with `firstPrefix` and the
    /// rest with `continuation`, never passing `width` unless a word alone does.
    package static func fill(
        _ words: [String], firstPrefix: String, continuation: String, width: Int = lineWidth
    ) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in words {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = continuation + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// Wraps prose at word boundaries with a hanging indent for the continuation lines.
    package static func wrap(_ text: String, prefix: String = "", continuation: String) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        return fill(words, firstPrefix: prefix, continuation: continuation)
    }

    /// Lays out free-form text, keeping blank lines and indentation: a paragraph (lines in a row
    /// with the same indentation) whose lines all fit is kept as written; one with a line too
    /// long is filled again as a whole, so no word is left alone on a line of its own (a single
    /// long line gets a hanging indent).
    package static func wrapParagraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var paragraph: [Substring] = []
        func flush() {
            defer { paragraph = [] }
            guard paragraph.contains(where: { $0.count > lineWidth }) else {
                lines += paragraph.map(String.init)
                return
            }
            let leading = String(paragraph[0].prefix { $0 == " " })
            let continuation = paragraph.count == 1 ? leading + indent : leading
            lines += wrap(paragraph.joined(separator: " "), prefix: leading, continuation: continuation)
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = line.prefix(while: { $0 == " " }).count
            if let first = paragraph.first, line.isEmpty || first.prefix(while: { $0 == " " }).count != leading {
                flush()
            }
            if line.isEmpty { lines.append("") } else { paragraph.append(line) }
        }
        flush()
        return lines
    }

    /// Returns the column where descriptions start, given every label in the help.
    package static func descriptionColumn(for labels: [String]) -> Int {
        let widest = labels.map(\.count).filter { $0 <= maximumLabelWidth }.max() ?? 0
        return indent.count + widest + gutter
    }

    /// Lays out one table row, moving the description below a label that is too wide.
    package static func row(label: String, description: String, column: Int) -> [String] {
        let head = indent + label
        let hanging = String(repeating: " ", count: column)
        guard !description.isEmpty else { return [head] }
        if head.count + gutter <= column {
            let padded = head + String(repeating: " ", count: column - head.count)
            return wrap(description, prefix: padded, continuation: hanging)
        }
        return [head] + wrap(description, prefix: hanging, continuation: hanging)
    }

    /// Breaks a long example command over lines ending in ` \` so it stays runnable.
    package static func example(_ command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        let lines = fill(words, firstPrefix: indent, continuation: indent + indent, width: lineWidth - 2)
        return lines.enumerated().map { offset, line in
            offset < lines.count - 1 ? line + " \\" : line
        }
    }
}
