/// How usage errors and layout-file errors state a range of numbers.
enum NumberRange {
    /// `from A to B`, or `up to B` for a range open below.
    static func describe(_ range: ClosedRange<Double>) -> String {
        let upper = JSONValue.number(range.upperBound)
        return range.lowerBound == -Double.greatestFiniteMagnitude
            ? "up to \(upper)" : "from \(JSONValue.number(range.lowerBound)) to \(upper)"
    }
}
