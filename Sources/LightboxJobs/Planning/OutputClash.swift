import Foundation

/// Finds, before any work, two files of one run that would be the same file: an output written
/// twice (a crop and its preview, a contact sheet and a report) or an output over an input.
package enum OutputClash {
    /// One file a run writes, and what it is ("output", "preview", "contact sheet", "report").
    package typealias Claim = (role: String, path: String)

    /// The first clash among `claims` and against `inputs`, as a usage error's text, or nil.
    package static func find(_ claims: [Claim], inputs: [String]) -> String? {
        var seen: [String: Claim] = [:]
        for claim in claims {
            let key = identity(claim.path)
            if let first = seen[key] {
                return "\(claim.role) '\(claim.path)' is also the \(first.role) '\(first.path)'; give each its own name"
            }
            seen[key] = claim
        }
        var inputKeys: [String: String] = [:]
        for input in inputs { inputKeys[identity(input)] = input }
        for claim in claims {
            if let input = inputKeys[identity(claim.path)] {
                return "\(claim.role) '\(claim.path)' is the input '\(input)'; outputs never replace inputs"
            }
        }
        return nil
    }

    /// The path as one absolute, lexically resolved string (links followed for what exists).
    package static func identity(_ path: String) -> String {
        let resolved = FileManager.default.fileExists(atPath: path) ? (path as NSString).resolvingSymlinksInPath : path
        return "/" + OutputFolder.components(of: resolved).joined(separator: "/")
    }
}
