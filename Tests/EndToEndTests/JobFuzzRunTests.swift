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

    /// The job shortened to about a second on the test camera, keeping every other mutation:
    /// the test camera unless a `test:` URI was drawn, no warm-up, a 1 s interval or recording,
    /// a burst of at most 3 at 5 fps or more, a 1 s trigger job, no hooks, no alignment to a far-off grid,
    /// no sun window, and a broker that refuses at once.
    static func brief(_ mutated: FuzzJSON) -> FuzzJSON {
        var job = mutated
        guard case .object = job else { return job }
        if var camera = job["camera"], case .object = camera {
            if case .string(let raw) = camera["device"] ?? .null, raw.starts(with: Array("test:".utf8)) {} else {
                camera["device"] = .text("test:")
            }
            camera["warmup"] = .text("0s")
            job["camera"] = camera
        } else if job["camera"] == nil {
            job["camera"] = .object([("device", .text("test:")), ("warmup", .text("0s"))])
        }
        if var capture = job["capture"], case .object = capture {
            if var interval = capture["interval"], case .object = interval {
                interval["count"] = nil
                interval["until"] = nil
                interval["from"] = nil
                interval["duration"] = .text("1s")
                interval["align"] = .bool(false)
                capture["interval"] = interval
            }
            if var burst = capture["burst"], case .object = burst {
                burst["count"] = .number("3")
                if case .number(let literal) = burst["fps"] ?? .null, let fps = Double(literal), fps >= 5 {} else {
                    burst["fps"] = nil
                }
                capture["burst"] = burst
            }
            if var record = capture["record"], case .object = record {
                record["duration"] = .text("1s")
                record["preset"] = .text("ultrafast")
                capture["record"] = record
            }
            if var trigger = capture["trigger"], case .object = trigger {
                trigger["duration"] = .text("1s")
                trigger["until"] = nil
                trigger["preset"] = .text("ultrafast")
                capture["trigger"] = trigger
            }
            job["capture"] = capture
        }
        job["hooks"] = nil
        job["pressureFrom"] = nil
        if var mqtt = job["mqtt"], case .object = mqtt {
            // A broker that is away (refused at once): the run files its pictures all the same.
            mqtt["broker"] = .text("mqtt://127.0.0.1:1")
            job["mqtt"] = mqtt
        }
        return job
    }
}
