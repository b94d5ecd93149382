import CamschedTestSupport
import Foundation
import Testing

/// Issue 45: an MP4 finished where it lies plays at every moment of its life. A recording is
/// killed (SIGKILL) during its file's finish — before the index is written, and between the
/// index and the head that makes the file plain — and at random moments of runs of 1 s
/// segments; each file left plays, and the next start files it, finished, described by its
/// sidecar and the catalog.
@Suite struct FinishKillTests {
    /// Every `.mp4` under `root`: plain (`ftyp`, `mdat`, `moov`), every frame its sidecar counts
    /// decodes; no partial left; `catalog verify` agrees.
    static func expectEveryFileFinishedAndFiled(_ root: URL, atLeast count: Int) throws {
        let files = (FileManager.default.subpaths(atPath: root.path) ?? []).sorted()
        #expect(!files.contains { $0.hasSuffix(".partial") }, "\(files)")
        let movies = files.filter { $0.hasSuffix(".mp4") }.map { root.appendingPathComponent($0) }
        #expect(movies.count >= count, "\(files)")
        for movie in movies {
            let sidecar = try JobFixtures.sidecar(movie)
            let frames = try #require(sidecar["frames"] as? Int, "\(movie.lastPathComponent): \(sidecar)")
            #expect(try MediaProbe.probe(movie).frames == frames, "\(movie.lastPathComponent) plays its \(frames) frames")
            #expect(try Self.topLevelBoxes(movie) == ["ftyp", "mdat", "moov"], "\(movie.lastPathComponent)")
        }
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", root.path])
        #expect(verify.status == 0 && verify.stdout.contains("ok: \(movies.count) file(s) checked"), "\(verify.stdout)\(verify.stderr)")
    }

    static func topLevelBoxes(_ url: URL) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: url))
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1 { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }

    /// gdb stops camsched (SIGKILL) at the finish's write of its index (a `pwrite` of a `moov`
    /// box) or of the new head (of an `mdat` header), with everything before it written and
    /// synced. The box type is the second word of the buffer (little-endian on x86-64).
    @Test(arguments: ["moov": "0x766f6f6d", "mdat": "0x7461646d"])
    func aKillDuringTheFinishLeavesAFileThatPlaysAndTheNextStartFinishesIt(box: String, typeWord: String) throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        try dir.write("kill.gdb", """
            set pagination off
            set print thread-events off
            set breakpoint pending on
            break pwrite64 if *(unsigned int *)($rsi + 4) == \(typeWord)
            commands
            silent
            printf "camsched-test: killed in the finish, writing its \(box)\\n"
            signal SIGKILL
            end
            run
            """)
        let gdb = try ProcessRunner.run("/usr/bin/gdb", ["-q", "-batch", "-x", "kill.gdb", "--args",
                                                         CamschedBinary.path, "run", job.path, "--no-progress"],
                                        currentDirectory: dir.url, timeout: 300)
        try #require((gdb.stdout + gdb.stderr).contains("camsched-test: killed in the finish, writing its \(box)"), "\((gdb.stdout + gdb.stderr).suffix(2000))")
        let root = dir.file("out")
        let partial = try #require(dir.files().first { $0.hasSuffix(".mp4.partial") }.map { dir.file($0) }, "\(dir.files())")
        // Killed mid-finish, it is still the fragmented movie, and plays as one.
        #expect(try Self.topLevelBoxes(partial).prefix(3) == ["ftyp", "moov", "moof"])
        let played = try MediaProbe.probe(partial).frames
        #expect(played > 30, "\(played) frames play in the killed file")

        let next = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("recovered"), "\(next.stderr)")
        try Self.expectEveryFileFinishedAndFiled(root, atLeast: 2)
        let sidecars = try (FileManager.default.subpaths(atPath: root.path) ?? []).filter { $0.hasSuffix(".mp4") }
            .map { try JobFixtures.sidecar(root.appendingPathComponent($0)) }
        let recovered = sidecars.filter { $0["recovered"] as? Bool == true }
        #expect(recovered.count == 1 && recovered.first?["frames"] as? Int == played, "\(sidecars)")
    }

    /// Twenty runs of 4 s in 1 s segments, each killed at a random moment (the next run's start
    /// recovers what it left), then one run to its end: no file that does not play, none left
    /// unfiled.
    @Test func randomKillsNeverLeaveAFileThatDoesNotPlay() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "4s", segment: "1s"))
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let out = dir.file("run-\(round).out"), err = dir.file("run-\(round).err")
            let child = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"], stdout: out, stderr: err)
            Thread.sleep(forTimeInterval: Double.random(in: 0.3...4.3, using: &generator))
            child.send(SIGKILL)
            #expect(child.waitUntilExit(seconds: 30))
        }
        let last = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(last.status == 0, "\(last.stderr)")
        try Self.expectEveryFileFinishedAndFiled(dir.file("out"), atLeast: 4)
    }
}
