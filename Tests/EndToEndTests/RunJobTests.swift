import CamschedTestSupport
import Foundation
import Testing

/// `camsched run` end to end on the built-in test camera.
@Suite struct RunJobTests {
    @Test func intervalJobFilesStillsSidecarsCatalogAndEvents() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("jobs/tl.json", JobFixtures.interval(count: 5))
        // Run from another folder: relative roots belong to the job file's folder.
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"], currentDirectory: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.stderr)")
        let stills = dir.files().filter { $0.hasPrefix("jobs/out/tl/") && $0.hasSuffix(".jpg") }
        #expect(stills == (0..<5).map { String(format: "jobs/out/tl/tl-%06d.jpg", $0 + 1) } || stills.count == 5, "\(stills)")
        for still in stills {
            let url = dir.file(still)
            let probe = try MediaProbe.probe(url)
            #expect(probe.width == 320 && probe.height == 180)
            let side = try JobFixtures.sidecar(url)
            #expect(side["schema"] as? Int == 1)
            #expect(side["job"] as? String == "tl")
            #expect(side["kind"] as? String == "still")
            #expect((side["sha256"] as? String)?.count == 64)
            #expect(side["scheduledAt"] is String)
            #expect(side["startedAt"] is String)
            #expect((side["bytes"] as? Int) == (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int))
        }
        let events = JobFixtures.events(result.stdout)
        #expect(events.first?["event"] as? String == "start")
        #expect(events.last?["event"] as? String == "done")
        #expect(events.filter { $0["event"] as? String == "capture" }.count == 5)
        #expect(events.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        #expect(FileManager.default.fileExists(atPath: dir.file("jobs/out/catalog.sqlite").path))
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("jobs/out").path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let list = try CamschedBinary.run(["catalog", "list", "--json", "--root", dir.file("jobs/out").path])
        #expect(JobFixtures.events(list.stdout).count == 5)
    }

    @Test func intervalShotsAreDueOnAFixedGridAndNeverBunched() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "250ms", count: 8))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let stills = JobFixtures.filed(dir, ext: "jpg")
        #expect(stills.count == 8)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let due = try stills.map { try formatter.date(from: JobFixtures.sidecar($0)["scheduledAt"] as? String ?? "") ?? .distantPast }
        let started = try stills.map { try formatter.date(from: JobFixtures.sidecar($0)["startedAt"] as? String ?? "") ?? .distantPast }
        for (a, b) in zip(due, due.dropFirst()) {
            #expect(abs(b.timeIntervalSince(a) - 0.25) < 0.0015, "shots due 250 ms apart")
        }
        for (d, s) in zip(due, started) {
            let lateness = s.timeIntervalSince(d)
            #expect(lateness >= -0.001 && lateness < 0.1, "lateness \(lateness)")
        }
    }

    @Test func recordingIsAPlayableMP4WithTheRightFrameCount() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "3s"))
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 1)
        let video = try #require(videos.first)
        let probe = try MediaProbe.probe(video)
        #expect(probe.codec == "h264")
        #expect(probe.width == 320 && probe.height == 180)
        #expect(abs(probe.frames - 90) <= 2, "frames \(probe.frames)")
        #expect(abs(probe.duration - 3) < 0.15, "duration \(probe.duration)")
        let side = try JobFixtures.sidecar(video)
        #expect(side["kind"] as? String == "segment")
        #expect(side["frames"] as? Int == probe.frames)
        #expect((side["encoder"] as? [String: Any])?["name"] as? String != nil)
        #expect(!dir.files().contains { $0.hasSuffix(".partial") })
        let events = JobFixtures.events(result.stdout)
        #expect(events.contains { $0["event"] as? String == "segment" })
    }

    @Test func segmentsAreGapless() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("seg.json", JobFixtures.record(duration: "4s", segment: "1s"))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 4)
        var total = 0
        var lastSequence: Int?
        for video in videos {
            let side = try JobFixtures.sidecar(video)
            let probe = try MediaProbe.probe(video)
            total += probe.frames
            #expect(side["frames"] as? Int == probe.frames)
            let sequence = try #require(side["sequence"] as? [String: Any])
            let first = try #require(sequence["first"] as? Int)
            let last = try #require(sequence["last"] as? Int)
            if let lastSequence { #expect(first == lastSequence + 1, "segment starts right after the previous one") }
            lastSequence = last
            #expect(last - first + 1 == probe.frames)
        }
        #expect(abs(total - 120) <= 2, "total frames \(total)")
    }

    @Test func invalidJobExitsTwoAndCapturesNothing() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("bad.json", """
        {
          "name": "bad",
          "capture": { "interval": { "every": "10 parsecs", "count": 3 } },
          "outptu": {}
        }
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("capture.interval.every"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean \"output\""), "\(result.stderr)")
        #expect(result.stderr.contains("bad.json:3:"), "\(result.stderr)")
        #expect(dir.files() == ["bad.json"])
        let validate = try CamschedBinary.run(["validate", job.path])
        #expect(validate.status == 2)
    }

    @Test func lockFailExitsSeventyFiveWhileAnotherRunHoldsTheCamera() throws {
        let dir = try TemporaryDirectory()
        let long = try dir.write("long.json", JobFixtures.record(name: "long", device: "test:?size=320x180&fps=10&card=lockcam", duration: "4s"))
        let short = try dir.write("short.json", JobFixtures.interval(name: "short", device: "test:?size=320x180&fps=10&card=lockcam", count: 1))
        let locks = try TemporaryDirectory("locks")
        let first = try ProcessRunner.start(CamschedBinary.path, ["run", long.path, "--no-progress", "--json"],
                                            environment: ["CAMSCHED_LOCK_DIR": locks.url.path],
                                            stdout: dir.file("1.out"), stderr: dir.file("1.err"))
        // `start` comes once the run holds the camera's lock.
        try #require(Wait.forEvent("start", in: dir.file("1.out"), seconds: 30) != nil, "the first run never started")
        let fail = try CamschedBinary.run(["run", short.path, "--no-progress", "--lock", "fail"], environment: ["CAMSCHED_LOCK_DIR": locks.url.path])
        #expect(fail.status == 75, "\(fail.stderr)")
        let skip = try CamschedBinary.run(["run", short.path, "--no-progress", "--lock", "skip"], environment: ["CAMSCHED_LOCK_DIR": locks.url.path])
        #expect(skip.status == 0)
        #expect(skip.stderr.contains("skip"))
        let wait = try CamschedBinary.run(["run", short.path, "--no-progress", "--lock", "wait"], environment: ["CAMSCHED_LOCK_DIR": locks.url.path])
        #expect(wait.status == 0)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 1)
    }

    @Test func sigtermDuringARecordingFinalisesAndExits143() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "30s", segment: "10s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        // Two seconds of frames written to the segment's file, then the signal.
        #expect(PartialMovie.waitForFrames(60, in: dir), "the recording never got two seconds into its file")
        let sent = Date()
        process.terminate()
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 2.5)
        #expect(process.terminationStatus == 143)
        #expect(!dir.files().contains { $0.hasSuffix(".partial") }, "\(dir.files())")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 1)
        let probe = try MediaProbe.probe(try #require(videos.first))
        #expect(probe.frames > 30, "frames \(probe.frames)")
        #expect(FileManager.default.fileExists(atPath: videos[0].path + ".json"))
    }

    @Test func sigkillLeavesAPartialThatTheNextStartRecovers() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "30s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        // Three seconds of frames in whole fragments of the file, then the kill.
        #expect(PartialMovie.waitForFrames(90, in: dir), "the recording never got three seconds into its file")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The segment's partial, and the room its sidecar had reserved (removed by the next start).
        let partials = dir.files().filter { $0.hasSuffix(".partial") }
        #expect(partials.filter { $0.hasSuffix(".mp4.partial") }.count == 1 && partials.count == 2, "\(dir.files())")
        // The next run on that root recovers it.
        let next = try dir.write("snap.json", JobFixtures.interval(name: "after", count: 1))
        let result = try CamschedBinary.run(["run", next.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!dir.files().contains { $0.hasSuffix(".partial") }, "\(dir.files())")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 1)
        let probe = try MediaProbe.probe(try #require(videos.first))
        // At most about one fragment (1 s) is lost.
        #expect(probe.frames >= Int((4.0 - 0.5 - 1.5) * 30), "frames \(probe.frames)")
        let side = try JobFixtures.sidecar(videos[0])
        #expect(side["recovered"] as? Bool == true)
    }
}

/// Faults end to end on the test camera: a camera that goes and comes back, a full disk, a
/// changed file, a kill at a random moment.
@Suite struct FaultTests {
    @Test func aCameraThatGoesAwayAndComesBackGivesTwoSegmentsAndAnInterruption() throws {
        let dir = try TemporaryDirectory()
        let card = "flaky-\(UUID().uuidString.prefix(6))"
        let job = try dir.write("f.json", JobFixtures.record(
            device: "test:?size=320x180&fps=30&disconnectAfter=2s&returnAfter=1500ms&card=\(card)", duration: "7s"))
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let videos = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(videos.count == 2, "\(videos)")
        let events = JobFixtures.events(result.stdout).compactMap { $0["event"] as? String }
        #expect(events.contains("interrupted") && events.contains("resumed"))
        let last = try JobFixtures.sidecar(try #require(videos.last))
        let interruptions = last["interruptions"] as? [[String: Any]] ?? []
        #expect(interruptions.count == 1)
        #expect(interruptions.first?["reason"] as? String == "disconnected")
        #expect(interruptions.first?["resumedAt"] is String)
        for video in videos { #expect(try MediaProbe.probe(video).frames > 20) }
    }

    @Test func aCameraThatNeverComesBackEndsTheJobWithExitOne() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("g.json", JobFixtures.record(
            device: "test:?size=320x180&fps=30&disconnectAfter=1s&card=gone-\(UUID().uuidString.prefix(6))", duration: "4s"))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("did not come back"))
        #expect(JobFixtures.filed(dir, ext: "mp4").count == 1, "what was recorded before is filed")
    }

    @Test func catalogVerifyCatchesAChangedByteAndADeletedFile() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("v.json", JobFixtures.interval(count: 3))
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"]).status == 0)
        let stills = JobFixtures.filed(dir, ext: "jpg")
        #expect(stills.count == 3)
        let handle = try FileHandle(forUpdating: stills[0])
        try handle.seek(toOffset: 100)
        let original = try handle.read(upToCount: 1) ?? Data([0])
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data([original[0] ^ 0xff]))
        try handle.close()
        try FileManager.default.removeItem(at: stills[1])
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("changed: \(stills[0].path.replacingOccurrences(of: dir.file("out").path + "/", with: ""))"), "\(verify.stdout)")
        #expect(verify.stdout.contains("missing:"), "\(verify.stdout)")
    }

    @Test(.enabled(if: getuid() == 0))
    func aFullDiskEndsTheJobCleanly() throws {
        let dir = try TemporaryDirectory()
        let tmpfs = try Tmpfs.mount(at: dir.file("small"), size: "768k")
        defer { tmpfs.unmount() }
        let mount = tmpfs.url
        let job = try dir.write("full.json", """
        {"name": "full", "camera": {"device": "test:?size=1920x1080&fps=30", "warmup": "0s"},
         "capture": {"interval": {"every": "250ms", "count": 40}}, "still": {"format": "png"},
         "output": {"root": "small", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("disk full") && result.stderr.contains(mount.path), "names the filesystem: \(result.stderr)")
        #expect(result.stderr.contains("KiB free"), "and its free space: \(result.stderr)")
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: mount.path)
        // A still that could not be completed or described is never left under a final name:
        // it is gone, or kept as a partial for the next start to recover.
        let stills = onDisk.filter { $0.hasSuffix(".png") }
        #expect(!stills.isEmpty && stills.count < 40, "\(onDisk)")
        #expect(onDisk.filter { $0.hasSuffix(".partial") }.count <= 1, "\(onDisk)")
        // Whatever was filed is whole and catalogued.
        for still in stills { #expect(try MediaProbe.probe(mount.appendingPathComponent(still)).width == 1920) }
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", mount.path])
        for problem in ["missing:", "changed:", "unknown:"] { #expect(!verify.stdout.contains(problem), "\(verify.stdout)") }
    }

    @Test func sigkillAtARandomMomentLosesAtMostAboutOneSecond() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("k.json", JobFixtures.record(duration: "10s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        // Wait for the first frame to be written (the partial file appears), then kill at random.
        var firstWrite: Date?
        let written = { dir.files().contains { $0.hasSuffix(".partial") } }
        Wait.until(seconds: 30) { written() || !process.isRunning }
        if written() { firstWrite = Date() }
        // Time is the scenario: a kill at a random moment of the recording.
        Thread.sleep(forTimeInterval: Double.random(in: 1.5...8.5))
        // Recording time ends at the kill, not when the test has seen the process exit.
        let killedAt = Date()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let elapsed = killedAt.timeIntervalSince(try #require(firstWrite))
        let recovered = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", dir.file("out").path])
        #expect(recovered.stderr.contains("recovered") || recovered.stdout.contains("recovered"), "\(recovered.stderr)")
        let video = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let frames = try MediaProbe.probe(video).frames
        #expect(Double(frames) >= (elapsed - 1) * 30, "killed after \(elapsed) s: \(frames) frames play")
        #expect(try JobFixtures.sidecar(video)["recovered"] as? Bool == true)
    }
}

/// `assemble` and `catalog prune` from the command line.
@Suite struct FilingCommandTests {
    @Test func assembleMakesAVideoOfAFoldersStillsAndOfARun() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("a.json", JobFixtures.interval(count: 6, extra: ""))
        let run = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"])
        #expect(run.status == 0, "\(run.stderr)")
        let out = dir.file("tl.mp4")
        let result = try CamschedBinary.run(["assemble", dir.file("out/tl").path, "-o", out.path, "--fps", "12"])
        #expect(result.status == 0, "\(result.stderr)")
        let probe = try MediaProbe.probe(out)
        #expect(probe.frames == 6)
        #expect(abs(probe.duration - 0.5) < 0.1, "6 frames at 12 fps: \(probe.duration) s")
        // By run id, through the catalog.
        let runID = try #require(JobFixtures.events(run.stdout).first?["run"] as? String)
        let byRun = try CamschedBinary.run(["assemble", runID, "--root", dir.file("out").path, "-o", dir.file("run.mp4").path])
        #expect(byRun.status == 0, "\(byRun.stderr)")
        #expect(try MediaProbe.probe(dir.file("run.mp4")).frames == 6)
        // Or through the job file, as the catalog commands find a root; not both.
        let byJob = try CamschedBinary.run(["assemble", runID, "--job-file", job.path, "-o", dir.file("job.mp4").path])
        #expect(byJob.status == 0, "\(byJob.stderr)")
        #expect(try MediaProbe.probe(dir.file("job.mp4")).frames == 6)
        let both = try CamschedBinary.run(["assemble", runID, "--job-file", job.path, "--root", dir.file("out").path, "-o", dir.file("b.mp4").path])
        #expect(both.status == 2 && both.stderr.contains("not both"), "\(both.stderr)")
        // Never overwrites.
        let again = try CamschedBinary.run(["assemble", dir.file("out/tl").path, "-o", out.path])
        #expect(again.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.file("tl-1.mp4").path))
        #expect(try CamschedBinary.run(["assemble", dir.file("nowhere").path, "-o", out.path]).status == 2)
    }

    @Test func pruneDeletesOldestFirstAndKeepsTheRowsMarked() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("p.json", JobFixtures.interval(count: 4))
        #expect(try CamschedBinary.run(["run", job.path, "--no-progress"]).status == 0)
        let before = JobFixtures.filed(dir, ext: "jpg")
        #expect(before.count == 4)
        let bytes = try before.map { try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int ?? 0 }
        // Keep at most the size of the two newest stills: the two oldest go.
        let limit = bytes.suffix(2).reduce(0, +)
        let prune = try CamschedBinary.run(["catalog", "prune", "--max-size", "\(limit)B", "--root", dir.file("out").path])
        #expect(prune.status == 0, "\(prune.stderr)")
        let after = JobFixtures.filed(dir, ext: "jpg")
        #expect(after.map(\.lastPathComponent) == before.suffix(2).map(\.lastPathComponent), "\(prune.stdout)")
        let list = try CamschedBinary.run(["catalog", "list", "--json", "--deleted", "--root", dir.file("out").path])
        let rows = JobFixtures.events(list.stdout)
        #expect(rows.count == 4)
        #expect(rows.filter { $0["deletedAt"] != nil }.count == 2)
        #expect(try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path]).status == 0)
    }
}
