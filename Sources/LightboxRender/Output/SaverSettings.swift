import Vips

/// The save options of an output name (`crop.jpg[Q=90,strip]`), each checked against its format's
/// declared options (`SaverOption.allowed`) and typed: what crosses to the worker and reaches the
/// saver, never the bracket text itself.
package struct SaverSettings: Sendable, Equatable, Codable {
    /// One option and its value.
    package struct Setting: Sendable, Equatable, Codable {
        /// libvips' name of the option.
        package let name: String
        /// Its value.
        package let value: SaverValue
    }

    /// Whether a name's `profile=FILE` may be read: on the command line (the user's own file), not
    /// from a manifest, a dataset or a `lightbox batch` job, which must not make Lightbox read files.
    package enum ProfileAccess: Sendable {
        /// The file is read and checked to be an ICC profile.
        case read
        /// Refused; `profile=none` is still taken.
        case refused
        /// Taken as written without reading the file: a check of the name alone.
        case unread
    }

    /// The options for the saver, in the order given, without `strip` and `profile`.
    package private(set) var settings: [Setting] = []
    /// `[strip]`: nothing of the input's metadata is written, not even its profile.
    package private(set) var stripsAll = false
    /// `[profile=none]`: no profile is written.
    package private(set) var dropsProfile = false
    /// `[profile=FILE]`: the checked bytes of the profile to embed instead of the input's.
    package private(set) var profile: [UInt8]?

    /// No options.
    package init() {}

    /// Reads `text` (`[Q=90,strip]`, brackets included) as options of `format`; throws naming the
    /// first option that `format` does not take, a value out of its range, or a name given twice.
    package init(_ text: String, format: OutputFormat, profiles: ProfileAccess) throws(SaverOptionError) {
        let inner = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var seen: Set<String> = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let key = pair[0].trimmingCharacters(in: .whitespaces)
            if key.isEmpty && pair.count == 1 && inner.isEmpty { break }
            guard let option = SaverOption.named(key, for: format) else {
                throw SaverOptionError(SaverSettings.unknown(key, format: format))
            }
            guard seen.insert(option.name).inserted else {
                throw SaverOptionError("save option \(option.name) is given twice")
            }
            try add(option, option.value(pair.count == 2 ? pair[1] : nil), profiles: profiles)
        }
        if stripsAll && profile != nil {
            throw SaverOptionError("save options strip and profile=FILE: strip writes no profile")
        }
    }

    /// Whether no option was given.
    package var isEmpty: Bool { settings.isEmpty && !stripsAll && !dropsProfile && profile == nil }

    /// The options as the saver's arguments, set after Lightbox's own (so `[Q=90]` wins over `--quality`).
    package var arguments: [(String, VValue)] {
        settings.map { setting in
            switch setting.value {
            case .bool(let flag): (setting.name, .bool(flag))
            case .int(let number): (setting.name, .int(number))
            case .double(let number): (setting.name, .double(number))
            case .nick(let nick): (setting.name, .nick(nick))
            case .noProfile, .profileFile: (setting.name, .bool(false))
            }
        }
    }

    /// Keeps one checked value.
    private mutating func add(
        _ option: SaverOption, _ value: SaverValue, profiles: ProfileAccess
    ) throws(SaverOptionError) {
        switch value {
        case .bool(let flag) where option.name == "strip": stripsAll = flag
        case .noProfile: dropsProfile = true
        case .profileFile(let path):
            if profiles == .unread { return }
            guard profiles == .read else {
                throw SaverOptionError(
                    "save option profile=\(path) is refused here: only the command line's -o may name a profile "
                        + "file (profile=none drops the profile)")
            }
            profile = try ICCProfileFile.read(path)
        default: settings.append(Setting(name: option.name, value: value))
        }
    }

    /// The message for an option `format` does not take, listing those it does.
    private static func unknown(_ key: String, format: OutputFormat) -> String {
        let names = SaverOption.allowed(for: format).map(\.name).joined(separator: ", ")
        let shown = key.isEmpty ? "an empty save option" : "unknown save option '\(key)'"
        return "\(shown) for .\(format.fileExtension) files; they take: \(names)"
    }
}
