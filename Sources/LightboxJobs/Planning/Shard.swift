/// A deterministic share of a batch (`--shard K/N`, K from 1 to N as Jest and Playwright count), so N processes split it exactly.
///
/// `auto` and `auto/N` take K (and N) from the engine that started the process: a Slurm job
/// array, or a Kubernetes Indexed Job.
package struct Shard: Sendable, Equatable {
    /// Why `auto` or `auto/N` gave no shard, as the rest of a usage error's line.
    package struct Problem: Error, Equatable {
        /// The reason, naming the variables at fault.
        package let text: String
    }

    /// This process's share, from 0 to `count - 1` (K - 1).
    package let index: Int
    /// How many shares there are.
    package let count: Int

    /// The whole batch.
    package static let all = Shard(index: 0, count: 1)

    /// The variables of a Slurm array task that `auto` reads (sbatch sets them all, 17.11 and later).
    package static let slurmVariables = [
        "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP",
        "SLURM_ARRAY_TASK_COUNT",
    ]

    /// The variable of a Kubernetes Indexed Job's pod that `auto/N` reads: its index, from 0.
    package static let completionIndexVariable = "JOB_COMPLETION_INDEX"

    /// Reads `K/N`; nil unless 1 <= K <= N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(number)
        else {
            return nil
        }
        self.index = number - 1
        self.count = count
    }

    /// Makes a shard.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `auto` (a Slurm array task) or `auto/N` (a Kubernetes Indexed Job) from `environment`; nil for any other text.
    package static func automatic(_ text: String, environment: [String: String]) -> Result<Shard, Problem>? {
        if text == "auto" { return slurmArrayTask(environment) }
        guard text.hasPrefix("auto/") else { return nil }
        guard let count = Int(text.dropFirst("auto/".count)), count >= 1 else {
            return .failure(Problem(text: "expected auto/N with N >= 1, the Job's completions, such as auto/16"))
        }
        return completionIndex(environment, count: count)
    }

    /// The shard of a Slurm array task: an array `3-9:3` runs tasks 3, 6, 9, which are shards 1/3, 2/3, 3/3.
    ///
    /// Task ids need not start at 1 nor step by 1, so K counts steps from the smallest id; an
    /// array with gaps (`1,3,10`) has no such numbering and is refused, as is a task outside it.
    private static func slurmArrayTask(_ environment: [String: String]) -> Result<Shard, Problem> {
        let given = slurmVariables.filter { environment[$0] != nil }
        guard !given.isEmpty else {
            let kubernetes =
                environment[completionIndexVariable] == nil
                ? "" : "; \(completionIndexVariable) is set: in a Kubernetes Indexed Job use auto/N, N its completions"
            let names = slurmVariables.joined(separator: ", ")
            return .failure(Problem(text: "no Slurm array task: none of \(names) is set" + kubernetes))
        }
        var numbers: [String: Int] = [:]
        for name in slurmVariables {
            guard let text = environment[name] else {
                return .failure(Problem(text: "\(name) is not set (\(given.joined(separator: ", ")) are)"))
            }
            guard let number = Int(text), number >= 0 else {
                return .failure(Problem(text: "\(name)='\(text)' is not a whole number"))
            }
            numbers[name] = number
        }
        return shard(
            task: numbers["SLURM_ARRAY_TASK_ID"]!, first: numbers["SLURM_ARRAY_TASK_MIN"]!,
            last: numbers["SLURM_ARRAY_TASK_MAX"]!, step: numbers["SLURM_ARRAY_TASK_STEP"]!,
            count: numbers["SLURM_ARRAY_TASK_COUNT"]!)
    }

    /// Task `task` of the array `first-last:step` that holds `count` tasks.
    private static func shard(task: Int, first: Int, last: Int, step: Int, count: Int) -> Result<Shard, Problem> {
        let array = "\(first)-\(last):\(step)"
        guard step >= 1, first <= last else {
            return .failure(Problem(text: "SLURM_ARRAY_TASK_MIN, _MAX, _STEP give no array (\(array))"))
        }
        let regular = (last - first) / step + 1
        guard count == regular else {
            return .failure(
                Problem(
                    text: "SLURM_ARRAY_TASK_COUNT=\(count) but \(array) holds \(regular) tasks: an array with gaps "
                        + "cannot be numbered as shards; submit --array=MIN-MAX or MIN-MAX:STEP"))
        }
        guard (first...last).contains(task), (task - first) % step == 0 else {
            return .failure(Problem(text: "SLURM_ARRAY_TASK_ID=\(task) is not a task of the array \(array)"))
        }
        return .success(Shard(index: (task - first) / step, count: count))
    }

    /// The shard of the pod with `JOB_COMPLETION_INDEX` (0 to `count - 1`) among `count`.
    private static func completionIndex(_ environment: [String: String], count: Int) -> Result<Shard, Problem> {
        let name = completionIndexVariable
        guard let text = environment[name] else {
            let slurm = environment["SLURM_ARRAY_TASK_ID"] == nil ? "" : "; in a Slurm array use auto"
            return .failure(Problem(text: "\(name) is not set (a Kubernetes Indexed Job sets it)" + slurm))
        }
        guard let index = Int(text), index >= 0 else {
            return .failure(Problem(text: "\(name)='\(text)' is not a whole number"))
        }
        guard index < count else {
            return .failure(
                Problem(text: "\(name)=\(index) is not below N=\(count): N must be the Job's completions"))
        }
        return .success(Shard(index: index, count: count))
    }

    /// Whether the item at `position` (its order in the batch, from 0) belongs to this share.
    package func owns(_ position: Int) -> Bool {
        position % count == index
    }

    /// The elements of `items` this share owns, by position, the first at position `first`.
    package func share<T>(of items: [T], from first: Int = 0) -> [T] {
        items.enumerated().filter { owns(first + $0.offset) }.map(\.element)
    }
}
