import Foundation

/// One save option Lightbox lets an output name set (`crop.jpg[Q=90]`): its libvips name, the
/// kind of value it takes, and a line of help.
///
/// Only declared options reach libvips, each as a typed value checked here: a name's bracket text
/// is never handed to libvips' own option parser, so no option can make a saver open a file
/// (libvips' `profile` reads any path it is given) or write what Lightbox drops.
package struct SaverOption: Sendable, Equatable {
    /// The kind of value an option takes, with its allowed range.
    package enum Kind: Sendable, Equatable {
        /// `true` or `false`; the bare name means `true`.
        case bool
        /// A whole number in a range.
        case int(ClosedRange<Int>)
        /// One of a few whole numbers (a bit depth).
        case intChoice([Int])
        /// A number in a range.
        case double(ClosedRange<Double>)
        /// One of libvips' enum nicks.
        case choice([String])
        /// One or more of libvips' flag nicks joined by `|` (PNG's `filter`).
        case flags([String])
        /// An ICC profile file to embed, or `none`: read by Lightbox, never by libvips.
        case profile
    }

    /// libvips' name for the option, with `_` (`-` is accepted in names too).
    package let name: String
    /// What the option takes.
    package let kind: Kind
    /// One line of help for the list in errors and docs.
    package let help: String

    /// Makes a declaration.
    package init(_ name: String, _ kind: Kind, _ help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }

    /// What the kind takes, for messages and help: `1 to 100`, `true or false`, `auto, on or off`.
    package var takes: String {
        switch kind {
        case .bool: return "true or false"
        case .int(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .intChoice(let values): return SaverOption.alternatives(values.map(String.init))
        case .double(let range):
            return "a number from \(SaverOption.number(range.lowerBound)) to \(SaverOption.number(range.upperBound))"
        case .choice(let nicks): return SaverOption.alternatives(nicks)
        case .flags(let nicks): return "\(nicks.joined(separator: ", ")), several joined by |"
        case .profile: return "an ICC profile file, or none"
        }
    }

    /// Reads `text` (the part after `=`; nil for a bare name) as this option's value.
    package func value(_ text: String?) throws(SaverOptionError) -> SaverValue {
        let given = text ?? ""
        func wrong() -> SaverOptionError { SaverOptionError("save option \(name)=\(given): wants \(takes)") }
        switch kind {
        case .bool:
            guard let text else { return .bool(true) }
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw wrong()
            }
        case .int(let range):
            guard let number = Int(given) else { throw wrong() }
            guard range.contains(number) else { throw outside(given, range.lowerBound, range.upperBound) }
            return .int(number)
        case .intChoice(let values):
            guard let number = Int(given), values.contains(number) else { throw wrong() }
            return .int(number)
        case .double(let range):
            guard let number = Double(given), number.isFinite else { throw wrong() }
            guard range.contains(number) else {
                throw outside(given, SaverOption.number(range.lowerBound), SaverOption.number(range.upperBound))
            }
            return .double(number)
        case .choice(let nicks):
            guard nicks.contains(given.lowercased()) else { throw wrong() }
            return .nick(given.lowercased())
        case .flags(let nicks):
            let parts = given.lowercased().split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard !parts.isEmpty, parts.allSatisfy(nicks.contains) else { throw wrong() }
            return .nick(parts.joined(separator: "|"))
        case .profile:
            guard !given.isEmpty else { throw wrong() }
            return given.lowercased() == "none" ? .noProfile : .profileFile(given)
        }
    }

    /// The error for a number outside the option's range.
    private func outside(
        _ given: String, _ lower: some CustomStringConvertible, _ upper: some CustomStringConvertible
    )
        -> SaverOptionError
    {
        SaverOptionError("save option \(name)=\(given) is out of range (\(lower) to \(upper))")
    }

    /// `a, b or c`.
    private static func alternatives(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// A bound as people write it: `1` rather than `1.0`, `1e+06` kept short.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e7 ? String(Int(value)) : String(value)
    }
}
