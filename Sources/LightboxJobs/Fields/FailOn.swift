import LightboxArguments

/// `--fail-on`: the `fail_on` levels libvips accepts.
package enum FailOn: String, ChoiceArgument {
    /// Never refuse.
    case none
    /// Refuse truncated files (the default).
    case truncated
    /// Refuse files with errors.
    case error
    /// Refuse files with warnings.
    case warning
}
