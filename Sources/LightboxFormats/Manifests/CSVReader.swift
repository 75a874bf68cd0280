/// Reads CSV text (RFC 4180 quoting, CRLF or LF, a leading BOM, blank lines skipped) into records.
package enum CSVReader {
    /// One record: its fields and the line it starts on (from 1).
    package struct Record: Equatable {
        /// The fields, unquoted.
        package let fields: [String]
        /// The line the record starts on.
        package let line: Int

        /// Makes a record.
        package init(fields: [String], line: Int) {
            self.fields = fields
            self.line = line
        }
    }

    /// A quote problem: the line where the bad field starts and what is wrong.
    package struct Problem: Error, Equatable {
        /// The line, from 1.
        package let line: Int
        /// What is wrong.
        package let message: String

        /// Makes a problem.
        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Every non-blank record of `text`; an unterminated quote is a problem on its line.
    package static func records(_ text: String) throws(Problem) -> [Record] {
        var scanner = Scanner(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        var records: [Record] = []
        while let record = try scanner.next() {
            if record.fields != [""] { records.append(record) }
        }
        return records
    }

    /// Walks the characters once, keeping the line count.
    private struct Scanner {
        private let characters: [Character]
        private var index = 0
        private var line = 1

        init(_ text: String) {
            characters = Array(text)
        }

        /// The next record, or nil at the end.
        mutating func next() throws(Problem) -> Record? {
            guard index < characters.count else { return nil }
            let start = line
            var fields: [String] = []
            var field = ""
            while index < characters.count {
                let character = characters[index]
                index += 1
                switch character {
                case "\"" where field.isEmpty:
                    field = try quoted(startLine: line)
                case ",":
                    fields.append(field)
                    field = ""
                case "\n", "\r\n", "\r":
                    line += 1
                    fields.append(field)
                    return Record(fields: fields, line: start)
                default:
                    field.append(character)
                }
            }
            fields.append(field)
            return Record(fields: fields, line: start)
        }

        /// A quoted field's text, after its opening quote; `""` stands for one quote.
        private mutating func quoted(startLine: Int) throws(Problem) -> String {
            var text = ""
            while index < characters.count {
                let character = characters[index]
                index += 1
                if character == "\"" {
                    if index < characters.count, characters[index] == "\"" {
                        text.append("\"")
                        index += 1
                        continue
                    }
                    return text
                }
                if character == "\n" || character == "\r\n" || character == "\r" { line += 1 }
                text.append(character)
            }
            throw Problem(line: startLine, message: "a quoted field is not closed")
        }
    }
}
