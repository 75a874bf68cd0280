import Foundation

/// The warnings decoders gave about one file (libjpeg's corrupt data, libtiff's bogus fields,
/// libpng's bad chunks), as values: each once, in the order given, the first `kept` word for word
/// and how many there were in all.
///
/// They are said as errors are (`PlainReason`), so a warning that fails a file under a stricter
/// `fail_on` reads the same as its reason. They travel with what became of the file: a failure's
/// reason says its error and how many warnings came with it (`suffix`), and an output written
/// despite them carries them.
package struct DecoderWarnings: Sendable, Codable, Equatable {
    /// At most this many warnings are kept word for word; the rest are counted.
    package static let kept = 100
    /// At most this many characters of one warning are kept.
    package static let longest = 500

    /// The warnings kept, the first given first.
    package private(set) var messages: [String] = []
    /// How many warnings were given: the distinct ones kept, and every one past them.
    package private(set) var count = 0

    /// No warnings.
    package init() {}

    /// `messages`, each once.
    package init(_ messages: [String]) {
        for message in messages { add(message) }
    }

    /// Whether there are none.
    package var isEmpty: Bool { count == 0 }

    /// Adds `message` (said plainly, `PlainReason`; trimmed, cut to `longest` characters) unless
    /// it is empty or kept already.
    package mutating func add(_ message: String) {
        var text = PlainReason.of(message.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.count > Self.longest { text = String(text.prefix(Self.longest)) + " …" }
        guard !text.isEmpty, !messages.contains(text) else { return }
        count += 1
        if messages.count < Self.kept { messages.append(text) }
    }

    /// Adds every warning of `other`, those it only counted too.
    package mutating func add(_ other: DecoderWarnings) {
        for message in other.messages { add(message) }
        countMore(other.count - other.messages.count)
    }

    /// Counts `extra` more warnings, past those kept.
    package mutating func countMore(_ extra: Int) {
        count += max(0, extra)
    }

    /// These warnings without `message` (one the reason already says, in libvips' words or plain ones).
    package func removing(_ message: String?) -> DecoderWarnings {
        guard let message, let index = messages.firstIndex(of: PlainReason.of(message)) else { return self }
        var left = self
        left.messages.remove(at: index)
        left.count -= 1
        return left
    }

    /// What a reason says after its error: ` (and 72 more warnings)`, or nothing for none.
    package var suffix: String {
        isEmpty ? "" : " (and \(count) more warning\(count == 1 ? "" : "s"))"
    }
}

extension DecoderWarnings {
    /// The warnings decoders gave about the file last opened, since it was opened (`VipsWarnings.given`):
    /// what an output written from its pixels carries.
    package static func sinceOpened() -> DecoderWarnings {
        VipsWarnings.given()
    }
}
