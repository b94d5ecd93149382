import CamschedJobs
import CamschedTestSupport
import Foundation
import Testing

/// Mutated example jobs that `JobLoader` accepts, run through the real binary on the test
/// camera for about a second each: none may crash (a signal, or an exit code of 128 or more),
/// and none may be refused as an invalid job after validation accepted it.
@Suite("Job fuzzing through the binary")
struct JobFuzzRunTests {
    /// Fixed for CI; `CAMSCHED_FUZZ_SEED` and `CAMSCHED_FUZZ_RUNS` explore further by hand.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["CAMSCHED_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x13_2026_1124
    static let runs = ProcessInfo.processInfo.environment["CAMSCHED_FUZZ_RUNS"].flatMap { Int($0) } ?? 30

    @Test(.timeLimit(.minutes(20)))
    func acceptedMutationsRunWithoutCrashing() throws {
        let examples = try ExampleJobs.urls.map { try FuzzJSON(parsing: Data(contentsOf: $0)) }
        try #require(examples.count >= 5)
        var mutator = JobMutator(seed: JobFuzzRunTests.seed)
        let dir = try TemporaryDirectory("camsched-fuzz")
        var ran = 0
        var tried = 0
        while ran < JobFuzzRunTests.runs && tried < 100 * JobFuzzRunTests.runs {
            let job = JobFuzzRunTests.brief(mutator.mutate(examples[tried % examples.count]))
            tried += 1
            let data = Data(job.bytes)
            guard (try? JobLoader.load(data: data, sourceURL: nil)) != nil else { continue }
            let file = dir.file("fuzz-\(tried).json")
            try data.write(to: file)
            let output = dir.file("out-\(tried)")
            let result = try CamschedBinary.run(["run", file.path, "--output", output.path, "--no-progress"], timeout: 60)
            let label = "mutation \(tried - 1) of seed \(JobFuzzRunTests.seed): \(String(decoding: job.bytes.prefix(400), as: UTF8.self))"
            // A crash's cause and first frames are at the top of Swift's backtrace: keep those.
            #expect(!result.signalled && result.status < 128, "\(label)\n\(result.stderr.prefix(4000))")
            #expect(!(result.status == 2 && result.stderr.contains(file.lastPathComponent + ":")),
                    "validate accepted what run refused: \(label)\n\(result.stderr.suffix(600))")
            ran += 1
        }
        #expect(ran == JobFuzzRunTests.runs)
    }

    /// The job shortened to about a second on the test camera, keeping every other mutation
    /// (``JobShortening``: a 1 s interval, recording or trigger job, a burst of 3): the test
    /// camera unless a `test:` URI was drawn, no warm-up, a burst at 5 fps or more, no hooks,
    /// no pressure source, and a broker that refuses at once.
    static func brief(_ mutated: FuzzJSON) -> FuzzJSON {
        guard case .object = mutated else { return mutated }
        // A broker that is away (refused at once): the run files its pictures all the same.
        let shortening = JobShortening(warmup: "0s", interval: [("count", nil), ("duration", .text("1s"))], burstCount: 3,
                                       duration: "1s", broker: "mqtt://127.0.0.1:1")
        var job = shortening.apply(to: mutated)
        if job["camera"] == nil { job["camera"] = .object([("warmup", .text("0s"))]) }
        job.edit("camera") { camera in
            if case .string(let raw) = camera["device"] ?? .null, raw.starts(with: Array("test:".utf8)) {} else {
                camera["device"] = .text("test:")
            }
        }
        job.edit("capture") { capture in
            capture.edit("burst") { burst in
                if case .number(let literal) = burst["fps"] ?? .null, let fps = Double(literal), fps >= 5 {} else { burst["fps"] = nil }
            }
        }
        (job["hooks"], job["pressureFrom"]) = (nil, nil)
        return job
    }
}
