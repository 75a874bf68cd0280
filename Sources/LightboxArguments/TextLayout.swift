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
    /// rest with `continuation`, never passing `width` unless a word alone does; a last line
    /// of one word takes the word before it too (`balanced`), so none is left alone.
    ///
    /// A word may hold spaces (an example's option with its value): it is never broken.
    package static func fill(
        _ words: [String], firstPrefix: String, continuation: String, width: Int = lineWidth
    ) -> [String] {
        var rows: [[String]] = [[]]
        for word in words {
            let prefix = rows.count == 1 ? firstPrefix : continuation
            if let row = rows.last, !row.isEmpty, (prefix + row.joined(separator: " ")).count + 1 + word.count > width {
                rows.append([word])
            } else {
                rows[rows.count - 1].append(word)
            }
        }
        return balanced(rows, continuation: continuation, width: width).enumerated().map { offset, row in
            (offset == 0 ? firstPrefix : continuation) + row.joined(separator: " ")
        }
    }

    /// `rows` with the last word of the next-to-last row moved down to a last row of one word,
    /// when that row keeps two words or more and the moved word fits.
    private static func balanced(_ rows: [[String]], continuation: String, width: Int) -> [[String]] {
        guard rows.count >= 2, let last = rows.last, last.count == 1, !last[0].contains(" ") else { return rows }
        var rows = rows
        let above = rows.count - 2
        guard rows[above].count >= 2, let moved = rows[above].last,
            continuation.count + moved.count + 1 + last[0].count <= width
        else { return rows }
        rows[above].removeLast()
        rows[rows.count - 1].insert(moved, at: 0)
        return rows
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

    /// Breaks a long example command over lines ending in ` \` so it stays runnable: only
    /// before an option, which keeps its values on its line, and never leaving one word alone.
    package static func example(_ command: String) -> [String] {
        let lines = fill(
            optionGroups(command), firstPrefix: indent, continuation: indent + indent, width: lineWidth - 2)
        return lines.enumerated().map { offset, line in
            offset < lines.count - 1 ? line + " \\" : line
        }
    }

    /// The words of a command, each option joined with the values after it (`-o out.png`);
    /// the words before the first option stand alone.
    static func optionGroups(_ command: String) -> [String] {
        var groups: [String] = []
        var inOption = false
        for word in command.split(separator: " ").map(String.init) {
            if word.hasPrefix("-") {
                inOption = true
                groups.append(word)
            } else if inOption, let last = groups.popLast() {
                groups.append(last + " " + word)
            } else {
                groups.append(word)
            }
        }
        return groups
    }
}
