import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender
import Vips

/// The operator's policy for every job of `lightbox batch`, from its command line, and the one
/// rule for every command's job keys that touch it: a job may narrow the policy (no force, a
/// lower pixel limit, a stricter fail-on, a shorter timeout) and never widen it. `quality` and
/// `skipExisting` widen nothing and are every command's keys too.
package struct BatchPolicy: Sendable {
    /// The policy keys a job of any command takes, each with its kebab-case spelling when it has one.
    package static let keys: [(camel: String, kebab: String?)] = [
        ("force", nil), ("quality", nil), ("maxPixels", "max-pixels"), ("failOn", "fail-on"), ("timeout", nil),
        ("skipExisting", "skip-existing"),
    ]
    /// Every spelling of every policy key.
    package static let names: Set<String> = Set(keys.flatMap { [$0.camel] + ($0.kebab.map { [$0] } ?? []) })
    /// The keys of the whole batch, which only the operator's command line gives (`--max-failures`
    /// counts every job's failure): a job that sends one fails, rather than have it ignored.
    package static let batchKeys = ["maxFailures", "max-failures"]

    /// The problem of a job (or of its crop `crops[i]`, given as `prefix`) whose keys in `object`
    /// set a key of the whole batch, or nil.
    package static func batchKeyProblem(
        in object: [String: Any], file: String, line: Int, prefix: String = ""
    ) -> BatchProblem? {
        guard let key = batchKeys.first(where: { object[$0] != nil }) else { return nil }
        return BatchProblem(
            file, line: line, field: prefix + key,
            "a budget for the whole batch, not one job: its operator gives it (lightbox batch --max-failures)")
    }

    /// Whether existing outputs may be replaced (`--force`).
    package let force: Bool
    /// `--quality`, or nil for libvips' default.
    package let quality: Int?
    /// `--fail-on`.
    package let failOn: FailOn
    /// `--max-pixels` (0: no limit).
    package let maxPixels: Int
    /// `--timeout` in seconds (0: no limit).
    package let timeout: Double

    /// Makes the server's policy.
    package init(force: Bool, quality: Int?, failOn: FailOn, maxPixels: Int, timeout: Double) {
        self.force = force
        self.quality = quality
        self.failOn = failOn
        self.maxPixels = maxPixels
        self.timeout = timeout
    }

    /// The policy of one job whose keys are in `object` (taken out of it), on line `line` of
    /// `file`; a key that would widen the server's policy, or a bad value, is the job's problem.
    package func job(_ object: inout [String: Any], file: String, line: Int) -> Result<JobPolicy, BatchProblem> {
        var values: [String: (key: String, value: Any)] = [:]
        for (camel, kebab) in BatchPolicy.keys {
            let given = ([camel] + (kebab.map { [$0] } ?? [])).filter { object[$0] != nil }
            if given.count > 1 {
                return .failure(BatchProblem(file, line: line, "give \(camel) or \(kebab ?? camel), not both"))
            }
            if let key = given.first {
                values[camel] = (key, object[key] as Any)
                object[key] = nil
            }
        }
        do throws(BatchProblem) {
            var policy = JobPolicy(
                force: force, quality: quality, failOn: failOn, maxPixels: maxPixels, timeout: timeout,
                skipExisting: false)
            let problem = { (key: String, message: String) in BatchProblem(file, line: line, field: key, message) }
            if let (key, value) = values["force"] { policy.force = try force(value) { problem(key, $0) } }
            if let (key, value) = values["skipExisting"] {
                guard let flag = JSONScalar.flag(value) else { throw problem(key, JSONScalar.flagProblem(value)) }
                policy.skipExisting = flag
            }
            if let (key, value) = values["quality"] {
                guard let number = BatchPolicy.whole(value), (1...100).contains(number) else {
                    throw problem(key, "expected a whole number from 1 to 100")
                }
                (policy.quality, policy.asksQuality) = (number, true)
            }
            if let (key, value) = values["maxPixels"] { policy.maxPixels = try pixels(value) { problem(key, $0) } }
            if let (key, value) = values["failOn"] { policy.failOn = try failOn(value) { problem(key, $0) } }
            if let (key, value) = values["timeout"] { policy.timeout = try timeout(value) { problem(key, $0) } }
            return .success(policy)
        } catch {
            return .failure(error)
        }
    }

    /// A job's `force`: true only when the server replaces outputs.
    private func force(_ value: Any, _ problem: (String) -> BatchProblem) throws(BatchProblem) -> Bool {
        guard let flag = JSONScalar.flag(value) else { throw problem(JSONScalar.flagProblem(value)) }
        if flag && !force {
            throw problem("this server does not replace outputs (it was started without --force)")
        }
        return flag
    }

    /// A job's pixel limit: at most the server's, and 0 (none) only when the server has none.
    private func pixels(_ value: Any, _ problem: (String) -> BatchProblem) throws(BatchProblem) -> Int {
        guard let number = BatchPolicy.whole(value), number >= 0 else {
            throw problem("expected a whole number of pixels, at least 0")
        }
        guard maxPixels == 0 || (number != 0 && number <= maxPixels) else {
            let given = number == 0 ? "0 (no limit)" : "\(number)"
            throw problem(
                "\(given) would lift the server's limit of \(maxPixels) pixels (--max-pixels); a job may only lower it")
        }
        return number
    }

    /// A job's fail-on level: as strict as the server's or stricter.
    private func failOn(_ value: Any, _ problem: (String) -> BatchProblem) throws(BatchProblem) -> FailOn {
        let levels = FailOn.allCases
        guard let text = value as? String, let level = FailOn(rawValue: text) else {
            throw problem("expected one of \(FailOn.choices.joined(separator: ", "))")
        }
        guard let asked = levels.firstIndex(of: level), let least = levels.firstIndex(of: failOn), asked >= least
        else {
            let allowed = levels.suffix(from: levels.firstIndex(of: failOn) ?? 0).map(\.rawValue)
            throw problem(
                "'\(text)' is less strict than the server's '\(failOn.rawValue)' (--fail-on); a job may only be "
                    + "stricter (\(allowed.joined(separator: ", ")))")
        }
        return level
    }

    /// A job's timeout in seconds, a JSON number: more than 0 and at most the server's (any, when it has none).
    private func timeout(_ value: Any, _ problem: (String) -> BatchProblem) throws(BatchProblem) -> Double {
        if let text = value as? String {
            throw problem("wants a number, not the string \(JSONValue.quoted(text))")
        }
        guard let seconds = JSONScalar.number(value), seconds > 0 else {
            throw problem("expected seconds, more than 0")
        }
        guard timeout == 0 || seconds <= timeout else {
            throw problem(
                "\(NumberText.short(seconds)) s is longer than the server's \(NumberText.short(timeout)) s "
                    + "(--timeout); a job may only shorten it")
        }
        return seconds
    }

    /// A whole JSON number (or its text), nil for anything else.
    private static func whole(_ value: Any) -> Int? {
        let number = JSONScalar.number(value) ?? (value as? String).flatMap { Double($0) }
        guard let number, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
