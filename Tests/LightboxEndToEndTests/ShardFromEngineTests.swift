import Foundation
import Testing
import Vips

/// `--shard auto` and `auto/N` through the built binary: the engine's variables pick the same items as `K/N`.
@Suite(.processes) struct ShardFromEngineTests {
    /// Every variable `auto` and `auto/N` may read, unset for a run so the test's own environment cannot leak in.
    static let engineVariables = [
        "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP",
        "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX",
    ]

    /// Runs `lightbox` with `arguments` in `scratch`, with only `variables` of the engine variables set.
    static func run(
        _ arguments: [String], variables: [String: String], in scratch: Scratch
    ) throws
        -> CommandRunner.Result
    {
        let unset = engineVariables.flatMap { ["-u", $0] }
        let set = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try BatchExampleTests.run(unset + set + [CommandRunner.binary.path] + arguments, in: scratch)
    }

    /// The names written into `folder`, sorted.
    static func written(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aSlurmArrayThreeToNineByThreeIsShardsOneToThreeOfThree() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(BatchCropTests.pattern, count: 7)
        var union: [String] = []
        for (position, task) in [3, 6, 9].enumerated() {
            let slurm = [
                "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "9",
                "SLURM_ARRAY_TASK_STEP": "3", "SLURM_ARRAY_TASK_COUNT": "3",
            ]
            let auto = try Self.run(
                ["crop", "--manifest", manifest, "--out-dir", "auto\(task)", "--shard", "auto"], variables: slurm,
                in: scratch)
            #expect(auto.status == 0, "\(auto.stderr)")
            let explicit = try Self.run(
                ["crop", "--manifest", manifest, "--out-dir", "explicit\(task)", "--shard", "\(position + 1)/3"],
                variables: [:], in: scratch)
            #expect(explicit.status == 0, "\(explicit.stderr)")
            let names = Self.written(scratch.path("auto\(task)"))
            #expect(!names.isEmpty && names == Self.written(scratch.path("explicit\(task)")))
            union += names
        }
        #expect(union.sorted() == (0..<7).map { "out\($0).png" }.sorted())
    }

    @Test func anIndexedJobPodTakesItsShardFromTheCompletionIndex() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BatchCropTests.pattern, as: "p.png")
        let lines = (0..<4).map { #"{"input":"p.png","output":"shot\#($0).png","zoom":\#(1 + $0)}"# }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: scratch.path("states.jsonl")))
        var union: [String] = []
        for index in 0..<2 {
            let result = try Self.run(
                ["view", "--manifest", "states.jsonl", "--out-dir", "shots", "--screen", "64x48", "--shard", "auto/2"],
                variables: ["JOB_COMPLETION_INDEX": "\(index)"], in: scratch)
            #expect(result.status == 0, "\(result.stderr)")
            let now = Self.written(scratch.path("shots"))
            #expect(now.count == union.count + 2)
            union = now
        }
        #expect(union == (0..<4).map { "shot\($0).png" })
        let first = try VImage.load(scratch.path("shots/shot0.png"))
        #expect(first.width == 64 && first.height == 48)
    }

    @Test(
        arguments: [
            ("auto", [:], "Error: --shard 'auto': no Slurm array task: none of SLURM_ARRAY_TASK_ID, "),
            ("auto/4", [:], "Error: --shard 'auto/4': JOB_COMPLETION_INDEX is not set"),
            (
                "auto/4", ["JOB_COMPLETION_INDEX": "4"],
                "Error: --shard 'auto/4': JOB_COMPLETION_INDEX=4 is not below N=4"
            ),
        ] as [(String, [String: String], String)])
    func withoutTheVariablesItIsAUsageErrorNamingThem(
        text: String, variables: [String: String], message: String
    )
        throws
    {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(BatchCropTests.pattern, count: 2)
        let result = try Self.run(
            ["crop", "--manifest", manifest, "--out-dir", "out", "--shard", text], variables: variables, in: scratch)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }
}
