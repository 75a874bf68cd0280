/// Finds where whole records of a manifest end in bytes read so far, so a manifest can be parsed
/// a chunk at a time: after a line feed for JSON Lines (a JSON string holds no raw line break),
/// and for CSV after a line break outside a quoted field, following `CSVReader`'s rules (a quote
/// opens a field only at its start, `""` inside one stands for a quote).
///
/// The scan keeps its state between calls, so bytes are looked at once however a long record
/// is split across reads.
struct RecordBoundary {
    /// Whether the records are JSON Lines (else CSV).
    let jsonLines: Bool
    /// Bytes scanned so far, from the start of the buffer.
    private(set) var scanned = 0
    /// The end of the last whole record found (the byte after its line break), or 0.
    private(set) var lastEnd = 0
    /// Inside a quoted CSV field.
    private var quoted = false
    /// The current CSV field has text (a quote there is a character, not an opening).
    private var fieldHasText = false

    /// Whether the scan stopped inside a quoted CSV field.
    var isQuoted: Bool { quoted }

    /// Makes a scan of records written as JSON Lines or CSV.
    init(jsonLines: Bool) {
        self.jsonLines = jsonLines
    }

    /// Scans `bytes` (the buffer, the part before `scanned` unchanged since the last call) up to
    /// its last byte but one, whose meaning may depend on the byte after it.
    mutating func scan(_ bytes: [UInt8]) {
        let newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r"), quote = UInt8(ascii: "\"")
        while scanned + 1 < bytes.count {
            let byte = bytes[scanned]
            let next = bytes[scanned + 1]
            scanned += 1
            if jsonLines {
                if byte == newline { lastEnd = scanned }
                continue
            }
            if quoted {
                if byte == quote && next == quote {
                    scanned += 1
                } else if byte == quote {
                    quoted = false
                    fieldHasText = true
                }
                continue
            }
            switch byte {
            case quote where !fieldHasText: quoted = true
            case UInt8(ascii: ","): fieldHasText = false
            case newline:
                (fieldHasText, lastEnd) = (false, scanned)
            case carriage:
                // `\r\n` ends its record at the `\n`; a lone `\r` ends one itself.
                if next != newline { (fieldHasText, lastEnd) = (false, scanned) }
            default: fieldHasText = true
            }
        }
    }

    /// Forgets the first `count` bytes, cut off the buffer at a record's end.
    mutating func drop(_ count: Int) {
        scanned -= count
        lastEnd -= count
    }
}
