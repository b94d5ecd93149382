import CamschedTestSupport
import Foundation
import Testing

/// A file's catalog row is committed to the write-ahead log without a flush of its own
/// (`synchronous = NORMAL`); only the run's rows are flushed when written. A power cut may so
/// lose the rows of the last stills — never the stills, each flushed with its sidecar before it
/// was announced — and the next start adopts them from their sidecars.
@Suite struct CatalogPowerCutTests {
    @Test func rowsAPowerCutTookFromTheLogComeBackFromTheSidecarsAtTheNextStart() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "200ms", count: 300))
        let output = dir.file("o.txt")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress", "--json"],
                                              stdout: output, stderr: dir.file("e.txt"))
        let root = dir.file("out")
        let log = root.path + "/catalog.sqlite-wal"
        // The run's row is flushed when written: the log as far as it reached then survives any cut.
        let begun = Wait.until(seconds: 30, every: 0.05) {
            !JobFixtures.events((try? CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]))?.stdout ?? "").isEmpty
        }
        #expect(begun, "the run's row never reached the catalog")
        let kept = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        let captured = Wait.until(seconds: 30, every: 0.05) {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return JobFixtures.events(text).filter { $0["event"] as? String == "capture" }.count >= 4
        }
        #expect(captured, "no stills were announced")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The power cut: whatever the log got after the run's row never reached the disk.
        #expect(truncate(log, off_t(kept)) == 0)
        try? FileManager.default.removeItem(atPath: root.path + "/catalog.sqlite-shm")
        let announced = JobFixtures.events((try? String(contentsOf: output, encoding: .utf8)) ?? "")
            .filter { $0["event"] as? String == "capture" }.compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }

        let next = try dir.write("next.json", JobFixtures.interval(name: "next", count: 1))
        let result = try CamschedBinary.run(["run", next.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let listed = JobFixtures.events(try CamschedBinary.run(["catalog", "list", "--json", "--root", root.path]).stdout)
            .compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
        let stills = dir.files().filter { $0.hasPrefix("out/tl/") && $0.hasSuffix(".jpg") }.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(announced.count >= 4 && Set(announced).isSubset(of: Set(stills)), "every announced still is on disk: \(announced) \(stills)")
        #expect(Set(stills).isSubset(of: Set(listed)), "every still of the cut run is catalogued again: \(stills) \(listed)")
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", root.path]).stdout)
        #expect(runs.first { $0["job"] as? String == "tl" }?["status"] as? String == "interrupted", "\(runs)")
    }
}
