/// One pass over a JSON text that finds, at every depth, what `JSONSerialization` would read
/// silently changed or refuse without a reason, and says where: a key given twice in one object
/// (the last would win), nesting deeper than `depthLimit`, a number no double holds, a `\u` escape
/// that is no character. Any other syntax error is left to the parser.
package struct JSONCheck {
    /// What is wrong, and the field it is in (`crops[1]`, `rect.x`; nil for the top value itself).
    package struct Fault: Error, Equatable, Sendable {
        /// The field's path, or nil at the top.
        package let field: String?
        /// What is wrong, as messages say it.
        package let message: String

        /// Makes a fault.
        package init(field: String?, _ message: String) {
            self.field = field
            self.message = message
        }
    }

    /// How deeply values may nest, the top value at depth 1: `JSONSerialization`'s own limit.
    package static let depthLimit = 512

    /// Why the pass stopped early.
    enum Stop: Error {
        /// Something `JSONSerialization` refuses with no reason this pass can add.
        case syntax
        /// A fault this pass names.
        case fault(Fault)
    }

    /// One open object or array: the keys given so far, and the member or element being read.
    private struct Frame {
        let isObject: Bool
        var keys: Set<String> = []
        var key = ""
        var index = 0
    }

    /// The text's bytes.
    let bytes: [UInt8]
    /// The next byte to read.
    var at = 0
    /// The objects and arrays open, outermost first.
    private var frames: [Frame] = []

    /// The first fault of the JSON text `bytes`, in reading order; nil when it has none, or when
    /// a syntax error comes first.
    package static func fault(in bytes: [UInt8]) -> Fault? {
        var check = JSONCheck(bytes: bytes)
        do throws(Stop) {
            try check.run()
        } catch {
            if case .fault(let fault) = error { return fault }
        }
        return nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the one value the text holds, then white space to its end.
    private mutating func run() throws(Stop) {
        var opened = try value()
        while true {
            if opened {
                opened = false
                if try peek() == closing {
                    at += 1
                    frames.removeLast()
                } else {
                    opened = try member(first: true)
                    continue
                }
            }
            guard !frames.isEmpty else {
                skipSpace()
                if at < bytes.count { throw .syntax }
                return
            }
            let byte = try take()
            if byte == UInt8(ascii: ",") {
                opened = try member(first: false)
            } else if byte == closing {
                frames.removeLast()
            } else {
                throw .syntax
            }
        }
    }

    /// The byte that closes the innermost container.
    private var closing: UInt8 {
        frames[frames.count - 1].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    }

    /// Reads the innermost container's next member (an object's key and colon first); true when
    /// its value opens a container.
    private mutating func member(first: Bool) throws(Stop) -> Bool {
        let last = frames.count - 1
        if frames[last].isObject {
            guard try peek() == UInt8(ascii: "\"") else { throw .syntax }
            let key = try string(field: path(last), isKey: true)
            guard frames[last].keys.insert(key).inserted else {
                throw .fault(Fault(field: path(last), "the key '\(key)' is given twice"))
            }
            frames[last].key = key
            guard try take() == UInt8(ascii: ":") else { throw .syntax }
        } else if !first {
            frames[last].index += 1
        }
        return try value()
    }

    /// Reads one value, or only the bracket that opens it; true when it opened a container.
    private mutating func value() throws(Stop) -> Bool {
        let byte = try peek()
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < JSONCheck.depthLimit else {
                throw .fault(Fault(field: nil, "nested deeper than \(JSONCheck.depthLimit)"))
            }
            frames.append(Frame(isObject: byte == UInt8(ascii: "{")))
            at += 1
            return true
        case UInt8(ascii: "\""): _ = try string(field: path(frames.count), isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw .syntax
        }
        return false
    }

    /// Reads a number, which must be one a double holds (`1e-400` reads as 0; `1e400` is out of range).
    private mutating func number() throws(Stop) {
        let start = at
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        if at < bytes.count, bytes[at] == UInt8(ascii: "0") {
            at += 1
        } else if digits() == 0 {
            throw .syntax
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw .syntax }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw .syntax }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? text.prefix(32) + "…" : Substring(text)
            throw .fault(Fault(field: path(frames.count), "\(shown) is out of range"))
        }
    }

    /// Reads digits; how many.
    private mutating func digits() -> Int {
        let start = at
        while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
        return at - start
    }

    /// Reads `word` (`true`, `false`, `null`).
    private mutating func literal(_ word: String) throws(Stop) {
        let expected = Array(word.utf8)
        guard bytes[at...].starts(with: expected) else { throw .syntax }
        at += expected.count
    }

    /// The path of the first `count` open containers' members: `crops[1].rect`; nil for none.
    private func path(_ count: Int) -> String? {
        var text = ""
        for frame in frames.prefix(count) {
            if frame.isObject {
                text += text.isEmpty ? frame.key : "." + frame.key
            } else {
                text += "[\(frame.index)]"
            }
        }
        return count == 0 ? nil : text
    }

    /// The next byte after white space, not taken.
    mutating func peek() throws(Stop) -> UInt8 {
        skipSpace()
        guard at < bytes.count else { throw .syntax }
        return bytes[at]
    }

    /// Takes the next byte after white space.
    private mutating func take() throws(Stop) -> UInt8 {
        let byte = try peek()
        at += 1
        return byte
    }

    /// Moves past JSON white space.
    private mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
    }
}
