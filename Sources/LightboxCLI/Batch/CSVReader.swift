/// Reads CSV text (RFC 4180 quoting, CRLF or LF, a leading BOM, blank lines skipped) into records.
enum CSVReader {
    /// One record: its fields and the line it starts on (from 1).
    struct Record: Equatable {
        /// The fields, unquoted.
        let fields: [String]
        /// The line the record starts on.
        let line: Int
    }

    /// A quote problem: the line where the bad field starts and what is wrong.
    struct Problem: Error, Equatable {
        /// The line, from 1.
        let line: Int
        /// What is wrong.
        let message: String
    }

    /// Every non-blank record of `text`; an unterminated quote is a problem on its line.
    static func records(_ text: String) throws(Problem) -> [Record] {
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
