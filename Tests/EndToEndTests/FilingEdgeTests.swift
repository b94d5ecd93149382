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

    /// Issue 26: invalid UTF-8 became U+FFFD, so files landed under a path nobody wrote.
    @Test func invalidUTF8InAJobFileIsRefusedWithItsPlace() throws {
        let dir = try TemporaryDirectory()
        let text = Self.intervalJob(path: "{job}/caf\u{E9}-BAD/{seq}", latest: false)
        var bytes = Array(text.utf8)
        let marker = Array("BAD".utf8)
        let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        bytes.replaceSubrange(at..<at + marker.count, with: [0x42, 0xE9, 0x44])  // Latin-1 "é" between B and D
        let job = dir.file("u.json")
        try Data(bytes).write(to: job)
        let line = text[..<text.range(of: "BAD")!.lowerBound].filter { $0 == "\n" }.count + 1
        for command in [["validate", job.path], ["run", job.path, "--no-progress"]] {
            let result = try CamschedBinary.run(command, timeout: 60)
            #expect(result.status == 2, "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("u.json:\(line):") && result.stderr.contains("invalid UTF-8 (byte 0xE9)"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("out").path), "nothing is filed")
    }

    /// Issue 26: `validate` accepted a template that always expands past 255 bytes in a name
    /// (or past PATH_MAX), and `run` then failed on every file.
    @Test func aTemplateThatAlwaysExpandsTooLongIsRefused() throws {
        let dir = try TemporaryDirectory()
        let long = String(repeating: "n", count: 100)
        let cases = [
            ("{job}{job}{job}/{seq}", "folder 1 expands to at least 300 bytes"),
            ("{job}/{job}-{job}", "file name expands to at least 201 bytes"),
            ("{job}/" + String(repeating: "%Y%m%d%H%M%S", count: 16) + "{seq:18}", "file name expands to at least 242 bytes"),
            (Array(repeating: "{job}", count: 41).joined(separator: "/"), "at most 4040 are allowed"),
        ]
        for (path, message) in cases {
            let job = try dir.write("long.json", Self.intervalJob(path: path, latest: false).replacingOccurrences(of: "\"name\": \"tl\"", with: "\"name\": \"\(long)\""))
            let result = try CamschedBinary.run(["validate", job.path])
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("output.path") && result.stderr.contains(message), "\(path): \(result.stderr)")
        }
        // The same templates fit for a short name: the job's own name is what makes them long.
        let fits = try dir.write("short.json", Self.intervalJob(path: "{job}{job}{job}/{job}-{job}", latest: false))
        #expect(try CamschedBinary.run(["validate", fits.path]).status == 0)
    }

    /// A name that is only too long once expanded (the camera's card in `{device}`) is cut
    /// to fit, and the capture is filed.
    @Test func aNameTooLongOnlyAtRunTimeIsCutAndFiled() throws {
        let dir = try TemporaryDirectory()
        let card = String(repeating: "c", count: 240)
        let job = try dir.write("d.json", Self.intervalJob(path: "{job}/{device}-{seq}", device: "test:?size=320x180&fps=30&card=\(card)", latest: false))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.file("out/tl").path).filter { $0.hasSuffix(".jpg") }
        #expect(names.count == 3 && names.allSatisfy { $0.utf8.count <= 255 }, "\(names)")
    }

    /// Issue 26: a job named like camsched's own files under the root.
    @Test(arguments: ["catalog.sqlite", "catalog.sqlite-wal", "Catalog.SQLite-shm", "catalog.sqlite-journal",
                      "catalog.sqlite.lock", "motion-mask.pgm", "tl.partial"])
    func aJobNamedLikeCamschedsOwnFilesIsRefused(name: String) throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("n.json", Self.intervalJob(path: "{job}/{seq}", latest: false).replacingOccurrences(of: "\"name\": \"tl\"", with: "\"name\": \"\(name)\""))
        let result = try CamschedBinary.run(["validate", job.path])
        #expect(result.status == 2, "\(name): \(result.stderr)")
        #expect(result.stderr.contains("name:") && result.stderr.contains("camsched's own files"), "\(result.stderr)")
    }

    /// Issue 26: `snapshot -o /dev/full` wrote `/dev/full.jpg`. A device or FIFO is written
    /// into; /dev/full then fails as a full disk does, and nothing appears beside it.
    @Test func snapshotIntoADeviceWritesIntoIt() throws {
        let snapshot = ["snapshot", "--device", "test:?size=320x180", "--warmup", "0", "-o"]
        try? FileManager.default.removeItem(atPath: "/dev/full.jpg")
        let full = try CamschedBinary.run(snapshot + ["/dev/full"])
        #expect(full.status == 1 && full.stderr.contains("disk full"), "\(full.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.jpg"))
        let null = try CamschedBinary.run(snapshot + ["/dev/null"])
        #expect(null.status == 0 && !FileManager.default.fileExists(atPath: "/dev/null.jpg"), "\(null.stderr)")
        let dir = try TemporaryDirectory()
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let reader = try ProcessRunner.start("/bin/cat", [fifo.path], stdout: dir.file("got.jpg"), stderr: dir.file("e.txt"))
        let written = try CamschedBinary.run(snapshot + [fifo.path])
        reader.waitUntilExit()
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try MediaProbe.probe(dir.file("got.jpg")).width == 320, "the reader got the whole still")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["e.txt", "got.jpg", "pipe"])
        // /dev/stdout redirected to a file (`> out.jpg`) is that file, not a name to add .jpg to.
        let redirected = try ProcessRunner.start(CamschedBinary.path, snapshot + ["/dev/stdout"],
                                                 environment: ["CAMSCHED_LOCK_DIR": TemporaryDirectory.freshLockDirectory()],
                                                 stdout: dir.file("out.jpg"), stderr: dir.file("e2.txt"))
        redirected.waitUntilExit()
        #expect(redirected.terminationStatus == 0)
        #expect(try MediaProbe.probe(dir.file("out.jpg")).width == 320)
        #expect(!FileManager.default.fileExists(atPath: "/dev/stdout.jpg"))
    }

    /// `-o x.png` wrote JPEG bytes under a PNG name: the format follows a still's extension,
    /// a contradicting `--format` or another extension is refused.
    @Test func snapshotsNameTellsItsFormat() throws {
        let dir = try TemporaryDirectory()
        let snapshot = ["snapshot", "--device", "test:?size=320x180", "--warmup", "0", "-o"]
        #expect(try CamschedBinary.run(snapshot + [dir.file("x.png").path]).status == 0)
        #expect(try MediaProbe.probe(dir.file("x.png")).codec == "png")
        #expect(try CamschedBinary.run(snapshot + [dir.file("now").path]).status == 0)
        #expect(try MediaProbe.probe(dir.file("now.jpg")).codec == "mjpeg", "no extension: the format's is added")
        let clash = try CamschedBinary.run(snapshot + [dir.file("y.png").path, "--format", "jpeg"])
        #expect(clash.status == 2 && clash.stderr.contains("--format"), "\(clash.stderr)")
        let other = try CamschedBinary.run(snapshot + [dir.file("y.txt").path])
        #expect(other.status == 2 && other.stderr.contains(".jpg"), "\(other.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["now.jpg", "x.png"])
    }

    /// `assemble -o /dev/full` wrote /dev/full.mp4, and `-o FOLDER` a FOLDER.mp4 beside it.
    @Test func assembleWritesOnlyToAFile() throws {
        let dir = try TemporaryDirectory()
        let stills = dir.file("stills")
        try FileManager.default.createDirectory(at: stills, withIntermediateDirectories: true)
        #expect(try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "--warmup", "0", "-o", stills.path + "/"]).status == 0)
        try? FileManager.default.removeItem(atPath: "/dev/full.mp4")
        for output in ["/dev/full", stills.path, dir.url.path + "/"] {
            let result = try CamschedBinary.run(["assemble", stills.path, "-o", output])
            #expect(result.status == 2 && result.stderr.contains("not a file to write"), "\(output): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.mp4") && !FileManager.default.fileExists(atPath: stills.path + ".mp4"))
    }

    /// A cleaner removing `*.partial` while a segment is written cost the segment: the bytes
    /// are still held by camsched, and are filed under the name again.
    @Test func aPartialRemovedWhileRecordedIsStillFiled() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("r.json", JobFixtures.record(duration: "4s", segment: "2s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--no-progress"],
                                              environment: ["CAMSCHED_LOCK_DIR": TemporaryDirectory.freshLockDirectory()],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        let folder = dir.file("out/rec")
        var removed: [String] = []
        // Wait until the first segment's partial file holds fragments (the recorder has it open),
        // then remove it and its sidecar slot.
        while removed.isEmpty && process.isRunning {
            let partials = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".partial") }
            let written = partials.contains { name in
                name.hasSuffix(".mp4.partial")
                    && ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0) > 4096
            }
            if written {
                for name in partials { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
                removed = partials
            }
        }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0 && !removed.isEmpty, "\(removed) \(stderr)")
        let videos = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(videos.count == 2, "\(videos)")
        for video in videos {
            let frames = try #require(try JobFixtures.sidecar(video)["frames"] as? Int)
            let played = try MediaProbe.probe(video).frames
            #expect(frames == 60 && played == 60, "\(video.lastPathComponent)")
        }
    }
}
