import Testing

@testable import LightboxJobs

/// `--shard auto` and `auto/N` against the variables Slurm and Kubernetes set, and what each refusal names.
@Suite struct ShardEnvironmentTests {
    /// The five variables of a Slurm array task, as sbatch sets them for task `id` of `first-last:step` with `count` tasks.
    static func slurm(id: Int, first: Int, last: Int, step: Int, count: Int) -> [String: String] {
        [
            "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(first)", "SLURM_ARRAY_TASK_MAX": "\(last)",
            "SLURM_ARRAY_TASK_STEP": "\(step)", "SLURM_ARRAY_TASK_COUNT": "\(count)", "SLURM_ARRAY_JOB_ID": "41",
        ]
    }

    @Test(arguments: [
        // --array=3-9:3 (the tasks 3, 6, 9), as measured on Slurm 22.05.
        (slurm(id: 3, first: 3, last: 9, step: 3, count: 3), 0, 3),
        (slurm(id: 6, first: 3, last: 9, step: 3, count: 3), 1, 3),
        (slurm(id: 9, first: 3, last: 9, step: 3, count: 3), 2, 3),
        // --array=1-16, the recipe's form.
        (slurm(id: 1, first: 1, last: 16, step: 1, count: 16), 0, 16),
        (slurm(id: 16, first: 1, last: 16, step: 1, count: 16), 15, 16),
        // --array=0-3, counted from 0.
        (slurm(id: 0, first: 0, last: 3, step: 1, count: 4), 0, 4),
        (slurm(id: 2, first: 0, last: 3, step: 1, count: 4), 2, 4),
        // --array=5 (one task), and --array=1-8:3 (tasks 1, 4, 7) whether MAX says 7 or 8.
        (slurm(id: 5, first: 5, last: 5, step: 1, count: 1), 0, 1),
        (slurm(id: 7, first: 1, last: 7, step: 3, count: 3), 2, 3),
        (slurm(id: 4, first: 1, last: 8, step: 3, count: 3), 1, 3),
    ])
    func slurmArrayTasksAreShards(environment: [String: String], index: Int, count: Int) {
        #expect(Shard(argument: "auto", environment: environment) == Shard(index: index, count: count))
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "0"], "auto/4", 0, 4),
        (["JOB_COMPLETION_INDEX": "3"], "auto/4", 3, 4),
        (["JOB_COMPLETION_INDEX": "0"], "auto/1", 0, 1),
        // auto/N reads only the Indexed Job's variable, even inside a Slurm task.
        (
            slurm(id: 6, first: 3, last: 9, step: 3, count: 3).merging(["JOB_COMPLETION_INDEX": "2"]) { $1 }, "auto/5",
            2, 5
        ),
    ])
    func indexedJobPodsAreShards(environment: [String: String], text: String, index: Int, count: Int) {
        #expect(Shard(argument: text, environment: environment) == Shard(index: index, count: count))
    }

    @Test(
        arguments: [
            (
                [:], "auto",
                "no Slurm array task: none of SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_MAX, SLURM_ARRAY_TASK_STEP, SLURM_ARRAY_TASK_COUNT is set"
            ),
            (
                ["JOB_COMPLETION_INDEX": "1"], "auto",
                "JOB_COMPLETION_INDEX is set: in a Kubernetes Indexed Job use auto/N"
            ),
            (["SLURM_ARRAY_TASK_ID": "2"], "auto", "SLURM_ARRAY_TASK_MIN is not set (SLURM_ARRAY_TASK_ID are)"),
            (
                slurm(id: 2, first: 1, last: 3, step: 1, count: 3).merging(["SLURM_ARRAY_TASK_ID": "x"]) { $1 }, "auto",
                "SLURM_ARRAY_TASK_ID='x' is not a whole number"
            ),
            // --array=1,3,10: three tasks, no step numbers them.
            (
                slurm(id: 3, first: 1, last: 10, step: 1, count: 3), "auto",
                "SLURM_ARRAY_TASK_COUNT=3 but 1-10:1 holds 10 tasks"
            ),
            (
                slurm(id: 4, first: 3, last: 9, step: 3, count: 3), "auto",
                "SLURM_ARRAY_TASK_ID=4 is not a task of the array 3-9:3"
            ),
            (
                slurm(id: 12, first: 3, last: 9, step: 3, count: 3), "auto",
                "SLURM_ARRAY_TASK_ID=12 is not a task of the array 3-9:3"
            ),
            (
                slurm(id: 1, first: 1, last: 3, step: 0, count: 3), "auto",
                "SLURM_ARRAY_TASK_MIN, _MAX, _STEP give no array (1-3:0)"
            ),
            ([:], "auto/4", "JOB_COMPLETION_INDEX is not set (a Kubernetes Indexed Job sets it)"),
            (
                slurm(id: 1, first: 1, last: 3, step: 1, count: 3), "auto/3",
                "JOB_COMPLETION_INDEX is not set (a Kubernetes Indexed Job sets it); in a Slurm array use auto"
            ),
            (
                ["JOB_COMPLETION_INDEX": "4"], "auto/4",
                "JOB_COMPLETION_INDEX=4 is not below N=4: N must be the Job's completions"
            ),
            (["JOB_COMPLETION_INDEX": "-1"], "auto/4", "JOB_COMPLETION_INDEX='-1' is not a whole number"),
            (
                ["JOB_COMPLETION_INDEX": "0"], "auto/0",
                "expected auto/N with N >= 1, the Job's completions, such as auto/16"
            ),
            (["JOB_COMPLETION_INDEX": "0"], "auto/", "expected auto/N with N >= 1"),
            (["JOB_COMPLETION_INDEX": "0"], "auto/2/3", "expected auto/N with N >= 1"),
        ] as [([String: String], String, String)])
    func refusalsNameTheVariables(environment: [String: String], text: String, problem: String) {
        #expect(Shard(argument: text, environment: environment) == nil)
        let said = Shard.problem(with: text, environment: environment)
        #expect(said.contains(problem), "\(said)")
    }

    @Test(arguments: ["1/4", "3/3"])
    func explicitShardsIgnoreTheEnvironment(text: String) {
        let environment = ShardEnvironmentTests.slurm(id: 3, first: 3, last: 9, step: 3, count: 3)
        #expect(Shard(argument: text, environment: environment) == Shard(text))
    }

    @Test(arguments: ["automatic", "Auto", "auto4", "0/4"])
    func otherWordsAreTheUsualFormError(text: String) {
        let environment = ShardEnvironmentTests.slurm(id: 3, first: 3, last: 9, step: 3, count: 3)
        #expect(Shard(argument: text, environment: environment) == nil)
        #expect(Shard.problem(with: text, environment: environment).hasPrefix(Shard.expected))
    }
}
