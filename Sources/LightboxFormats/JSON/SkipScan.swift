/// The state of skipping one JSON value byte by byte: inside a string or not, and how deep.
package struct SkipScan {
    private var depth = 0
    private var strings = JSONStringScan()
    private var started = false

    /// Whether a scalar at the top ends before `byte` (which is not taken).
    package func ends(before byte: UInt8) -> Bool {
        guard started, depth == 0, !strings.inString else { return false }
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
            return true
        default: return false
        }
    }

    /// Whether a whole value has been taken (a scalar may end at the end of the file).
    package var isComplete: Bool { started && depth == 0 && !strings.inString }

    /// Takes `byte`; true when it closes the value.
    package mutating func take(_ byte: UInt8, stream: JSONStream) throws(BatchProblem) -> Bool {
        let wasInString = strings.inString
        if strings.take(byte) {
            started = true
            return wasInString && !strings.inString && depth == 0
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; started = true
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard depth > 0 else { throw stream.problem("unexpected '\\(Character(UnicodeScalar(byte)))'") }
            depth -= 1
            return depth == 0
        case UInt8(ascii: ","), UInt8(ascii: ":"):
            guard depth > 0 else { throw stream.problem("expected a JSON value") }
        case 0x20, 0x0A, 0x0D, 0x09: break
        default: started = true
        }
        return false
    }
}
