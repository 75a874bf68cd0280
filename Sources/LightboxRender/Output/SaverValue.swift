/// A save option's value, typed as its declaration reads it (`SaverOption.value`).
package enum SaverValue: Sendable, Equatable, Codable {
    /// A boolean.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number.
    case double(Double)
    /// One of libvips' enum or flag nicks, already checked against the declared ones.
    case nick(String)
    /// `profile=none`: embed no profile.
    case noProfile
    /// `profile=FILE` as written, before the file is read (`SaverSettings` reads it or refuses it).
    case profileFile(String)
}
