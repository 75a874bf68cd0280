/// One documented exit status of a command line tool and what it means, as the manual lists it.
package struct ExitStatus: Sendable, Equatable {
    /// The status, or statuses, as printed: `0`, `130, 143`.
    package let code: String
    /// What it means, on one line.
    package let meaning: String

    /// Makes an entry.
    package init(_ code: String, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}
