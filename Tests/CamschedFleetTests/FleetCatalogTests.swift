import CamschedTestSupport
import Foundation
import Testing

/// The fleet catalog against a real PostgreSQL 15 (started for each test, stopped at its end):
/// nodes filing into one server, the server away and back, camsched killed between the commit
/// and marking rows sent.
@Suite("Fleet catalog (PostgreSQL)", .enabled(if: PostgresServer.isAvailable, "needs Debian's postgresql package (PostgreSQL 15)"))
struct FleetCatalogTests {
    @Test func twoNodesFileIntoOneServerAndRowsWaitWhileItIsDown() throws {
        try PostgresServer.withServer { server in
            // Exactly 3 stills a run whatever the load: the camera on its own virtual clock.
            let a = try TestNode("a", url: server.url, fast: true), b = try TestNode("b", url: server.url, fast: true)
            // Both nodes at once: the schema is created by whichever comes first, under the advisory lock.
            let runs = try [a, b].map { node in
                try ProcessRunner.start(CamschedBinary.path, ["run", node.job, "--no-progress"], environment: node.environment,
                                        stdout: node.folder.file("run.out"), stderr: node.folder.file("run.err"))
            }
            for process in runs { process.waitUntilExit(); #expect(process.terminationStatus == 0) }
            let rows = try TestNode.fleetFiles(server.url)
            #expect(rows.count == 6)
            #expect(Dictionary(grouping: rows, by: { $0["node"] as? String ?? "" }).mapValues(\.count) == ["a": 3, "b": 3])
            #expect(try server.psql("SELECT node, count(*) FROM camsched_files GROUP BY node ORDER BY node") == "a|3\nb|3")
            #expect(try server.psql("SELECT count(*) FROM camsched_runs WHERE status = 'done'") == "2")
            #expect(try server.psql("SELECT max(version) FROM camsched_schema") == "1")
            #expect(try TestNode.fleetFiles(server.url, ["--node", "b"]).count == 3)
            #expect(try TestNode.fleetFiles(server.url, ["--since", "2999-01-01T00:00:00Z"]).isEmpty)
            let sha = try server.psql("SELECT sha256 FROM camsched_files WHERE node = 'a' ORDER BY file LIMIT 1")
            #expect(try a.localFiles().map { $0["sha256"] as? String }.contains(sha))
            // `runs --catalog` as text: the listing `--json` prints, a row a node's run.
            let listed = try TestNode.jsonLines(CamschedBinary.run(["catalog", "runs", "--catalog", server.url, "--json"]))
            let table = try CamschedBinary.run(["catalog", "runs", "--catalog", server.url]).stdout.split(separator: "\n").map(String.init)
            #expect(table == listed.map { run in
                let fields = ["node", "id", "status", "job", "startedAt", "endedAt"].map { run[$0] as? String ?? "?" }
                return (fields + ["exit \(run["exitCode"] as? Int ?? -1)", "\(run["files"] as? Int ?? -1) file(s)"]).joined(separator: "\t")
            })
            #expect(table.count == 2 && table.allSatisfy { $0.contains("\tdone\t") && $0.hasSuffix("\texit 0\t3 file(s)") }, "\(table)")

            // The server goes away: node a still files, at once, with exit 0; its rows wait.
            server.kill()
            let started = Date()
            let offline = try a.run()
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(Date().timeIntervalSince(started) < 15)
            #expect(offline.stderr.contains("cannot reach the fleet catalog"))
            let runsList = try CamschedBinary.run(["catalog", "runs", "--root", a.root])
            #expect(runsList.stdout.contains("fleet catalog \(server.url): 4 row(s) waiting"), "\(runsList.stdout)")
            #expect(runsList.stdout.contains("3 unsent"))
            let failed = try a.sync()
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("4 row(s) still wait"), "\(failed.stderr)")

            // Back: one sync sends the 3 waiting stills; a second finds nothing to add.
            try server.start()
            let sync = try a.sync()
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(try server.fileCount() == 9)
            #expect(try a.sync().status == 0)
            #expect(try server.fileCount() == 9)
            #expect(try TestNode.fleetFiles(server.url).count == 9)
            #expect(try CamschedBinary.run(["catalog", "runs", "--root", a.root]).stdout.contains(": 0 row(s) waiting"))
        }
    }

    @Test func serverStoppedMidRunAndRestartedGetsEveryRowExactlyOnce() throws {
        try PostgresServer.withServer { server in
            let a = try TestNode("a", url: server.url, every: "200ms", count: 20)
            let process = try ProcessRunner.start(CamschedBinary.path, ["run", a.job, "--no-progress"], environment: a.environment,
                                                  stdout: a.folder.file("run.out"), stderr: a.folder.file("run.err"))
            // Away after the run filed a few stills, back after it filed a few more without it.
            try #require(Wait.until(seconds: 60) { a.stillsFiled() >= 5 || !process.isRunning }, "the run filed fewer than 5 stills within 60 s")
            server.kill()
            let filedBefore = a.stillsFiled()
            try #require(Wait.until(seconds: 60) { a.stillsFiled() >= filedBefore + 5 || !process.isRunning },
                         "the run filed fewer than 5 stills within 60 s while the server was away")
            try server.start()
            process.waitUntilExit()
            let log = (try? String(contentsOf: a.folder.file("run.err"), encoding: .utf8)) ?? ""
            #expect(process.terminationStatus == 0, "\(log)")
            // On a loaded machine a shot may be skipped (late by more than a period, counted): every
            // shot is filed or counted as skipped, and PostgreSQL has exactly the rows the node
            // filed, each once.
            let local = try a.localFiles()
            let skipped = log.matches(of: /(\d+) shot\(s\) skipped/).compactMap { Int($0.1) }.reduce(0, +)
            #expect(local.count + skipped == 20 && local.count >= 10, "\(local.count) filed, \(skipped) skipped: \(log)")
            #expect(try server.fileCount() == local.count)
            #expect(try server.psql("SELECT count(DISTINCT file) FROM camsched_files") == "\(local.count)")
            let localPairs = Set(local.map { "\($0["file"] as? String ?? "")|\($0["sha256"] as? String ?? "")" })
            let remotePairs = Set(try server.psql("SELECT file || '|' || sha256 FROM camsched_files").split(separator: "\n").map(String.init))
            #expect(localPairs == remotePairs)
            #expect(try server.psql("SELECT status FROM camsched_runs") == "done")
        }
    }

    @Test func killedBetweenCommitAndMarkingSentDuplicatesNothing() throws {
        try PostgresServer.withServer { server in
            let a = try TestNode("a", url: server.url, every: "300ms", count: 3)
            let killed = try a.run(["CAMSCHED_TEST_FLEET_KILL_AFTER_COMMIT": "1"])
            #expect(killed.signalled && killed.status == SIGKILL)
            // Committed in PostgreSQL and still queued locally: the next sync sends them again.
            let committed = Int(try server.psql("SELECT (SELECT count(*) FROM camsched_files) + (SELECT count(*) FROM camsched_runs)")) ?? 0
            #expect(committed >= 1)
            let waiting = try CamschedBinary.run(["catalog", "runs", "--root", a.root]).stdout
            #expect(!waiting.contains(": 0 row(s) waiting"), "\(waiting)")
            #expect(try a.sync().status == 0)
            let local = try a.localFiles().count
            #expect(try server.fileCount() == local)
            #expect(try a.sync().status == 0)
            #expect(try server.fileCount() == local)
            #expect(try server.psql("SELECT count(*) FROM (SELECT node, file FROM camsched_files GROUP BY 1, 2 HAVING count(*) > 1) d") == "0")
            #expect(try server.psql("SELECT count(*) FROM camsched_runs") == "1")
        }
    }

    @Test func passwordFromPGPASSWORD() throws {
        try PostgresServer.withServer(password: "s3cret pass") { server in
            let a = try TestNode("a", url: server.url, count: 2)
            let wrong = try a.run(["PGPASSWORD": "nope"])
            #expect(wrong.status == 0)
            #expect(wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
            // sslmode=require is honoured: this server has no TLS, so nothing is sent.
            let tls = try CamschedBinary.run(["catalog", "sync", "--root", a.root, "--catalog", server.url + "?sslmode=require"],
                                             environment: ["PGPASSWORD": "s3cret pass"])
            #expect(tls.status == 1)
            #expect(tls.stderr.contains("does not offer TLS"), "\(tls.stderr)")
            let sync = try a.sync(["PGPASSWORD": "s3cret pass"])
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(try server.fileCount() == 2)
        }
    }
}
