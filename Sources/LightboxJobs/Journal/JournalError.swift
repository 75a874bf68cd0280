/// A journal that cannot be opened for writing.
package struct JournalError: Error, Sendable, CustomStringConvertible {
    /// The journal's path.
    package let path: String
    /// The system's reason.
    package let reason: String

    /// `report.jsonl: cannot write the report (Permission denied)`.
    package var description: String { "\(path): cannot write the report (\(reason))" }
}
