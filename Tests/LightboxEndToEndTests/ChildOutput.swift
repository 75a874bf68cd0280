import Foundation

/// A child process's stdout and stderr read to their ends at the same time, so a child that
/// fills one pipe while the test waits on the other cannot deadlock the suite.
struct ChildOutput {
    /// Everything the child wrote on stdout.
    let stdout: Data
    /// Everything the child wrote on stderr.
    let stderr: Data

    /// Reads `out` and `err` to their ends, both at once.
    static func read(out: Pipe, err: Pipe) -> ChildOutput {
        let errors = PipeDrain(err)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        return ChildOutput(stdout: output, stderr: errors.wait())
    }
}
