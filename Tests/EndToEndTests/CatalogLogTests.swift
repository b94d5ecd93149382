import CamschedTestSupport
import Foundation
import Testing

/// The catalog's write-ahead log across cron runs: each run's process folds it into the database
/// and leaves it empty, so that the next process does not count folded rows again (the log once
/// grew by a run's frames at every cron run, without end, and every start read it all).
@Suite struct CatalogLogTests {
    @Test func cronRunsLeaveTheLogEmptyAndEveryRowInTheDatabase() throws {
        let dir = try TemporaryDirectory()
        try dir.write("cron.json", """
            {"name": "cron", "camera": {"device": "test:?size=320x180&pace=fast", "warmup": "0s"},
             "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out", "path": "{run}"}}
            """)
        let log = dir.file("out/catalog.sqlite-wal").path
        for run in 1...6 {
            let result = try CamschedBinary.run(["run", "cron.json", "--no-progress"], currentDirectory: dir.url)
            #expect(result.status == 0, "\(result.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? -1
            #expect(size == 0, "after run \(run) the log holds \(size) bytes")
        }
        // The database alone (as a backup that copies only catalog.sqlite has it) holds every row.
        try FileManager.default.removeItem(atPath: log)
        try? FileManager.default.removeItem(atPath: dir.file("out/catalog.sqlite-shm").path)
        let list = try CamschedBinary.run(["catalog", "list", "--json", "--root", dir.file("out").path])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = JobFixtures.events(list.stdout)
        #expect(rows.count == 6, "\(list.stdout)")
        #expect(Set(rows.compactMap { $0["file"] as? String }).count == 6)
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
