import CamschedTestSupport
import Foundation
import Testing

/// Issue 26: the names camsched writes under, at their edges — a link never takes a filed
/// file's place, and what `validate` accepts `run` can file.
@Suite struct FilingEdgeTests {
    static func intervalJob(path: String, device: String = "test:?size=320x180&fps=30", latest: Bool = true) -> String {
        JobFixtures.interval(device: device, every: "100ms", count: 3)
            .replacingOccurrences(of: #""path": "{job}/{job}-{seq}""#,
                                  with: #""path": "\#(path)", "latest": \#(latest)"#)
    }

    @Test func aTemplateNamedLikeTheLatestLinkIsRefused() throws {
        let dir = try TemporaryDirectory()
        for path in ["{job}/latest", "latest"] {
            let job = try dir.write("l.json", Self.intervalJob(path: path))
            let result = try CamschedBinary.run(["validate", job.path])
            #expect(result.status == 2, "\(path): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("output.path") && result.stderr.contains("latest"), "\(result.stderr)")
            let off = try dir.write("o.json", Self.intervalJob(path: path, latest: false))
            #expect(try CamschedBinary.run(["validate", off.path]).status == 0, "without the link the name is free")
        }
    }

    /// A name that only turns out to be the link's when it is expanded ({device} is the
    /// camera's card): the files step aside, and the link never replaces one.
    @Test func theLatestLinkNeverReplacesAFiledStill() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("l.json", Self.intervalJob(path: "{job}/{device}", device: "test:?size=320x180&fps=30&card=latest"))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = dir.file("out/tl")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.filter { $0.hasSuffix(".jpg") } == ["latest-1.jpg", "latest-2.jpg", "latest-3.jpg", "latest.jpg"], "\(names)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("latest.jpg").path)
        #expect(link == "latest-3.jpg")
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        for problem in ["missing:", "changed:", "unknown:"] { #expect(!verify.stdout.contains(problem), "\(verify.stdout)") }
    }
}
