import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// `camsched report` end to end: a run filed by the binary, reported by the binary, the page
/// read back with an HTML parser and its pictures decoded.
@Suite struct ReportCommandTests {
    /// Runs `job` and returns its run id (from the `start` event).
    static func run(_ job: URL) throws -> String {
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let start = JobFixtures.events(result.stdout).first { $0["event"] as? String == "start" }
        return try #require(start?["run"] as? String)
    }

    static func expectSelfContained(_ page: ReportHTML) {
        #expect(page.scripts == 0)
        #expect(page.links.isEmpty, "no href, link, iframe or object: \(page.links.prefix(3))")
        let base64 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
        for source in page.imageSources {
            // Only JPEG data: URIs whose payload is base64 and nothing else (base64 may hold "//").
            let prefix = "data:image/jpeg;base64,"
            #expect(source.hasPrefix(prefix), "only data: URIs: \(source.prefix(40))")
            #expect(source.dropFirst(prefix.count).allSatisfy { base64.contains($0) })
            #expect(!source.hasPrefix("//") && !source.contains("http:") && !source.contains("https:"))
        }
    }

    @Test func sixStillsMakeSixInlineJPEGsChartsAndSixRowsWithTheirHashes() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "200ms", count: 6))
        let id = try Self.run(job)
        let html = dir.file("x.html")
        let result = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", html.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(html.path))
        let page = try ReportHTML.parse(html)
        Self.expectSelfContained(page)
        #expect(page.tiles.count == 6)
        #expect(page.missingTiles == 0)
        for (index, jpeg) in page.tileJPEGs.enumerated() {
            let data = try #require(jpeg, "tile \(index) is a data:image/jpeg;base64 URI")
            let file = dir.file("tile\(index).jpg")
            try data.write(to: file)
            let probe = try MediaProbe.probe(file)
            #expect(probe.codec == "mjpeg" && probe.width == 320 && probe.height == 180, "tile \(index) decodes: \(probe)")
        }
        #expect(page.svgs >= 1)
        #expect(!page.chartTitles.contains("Pressure level"), "stills only: no pressure chart")
        #expect(page.chartTitles.contains("Lateness of 6 still(s)"))
        let stills = JobFixtures.filed(dir, ext: "jpg")
        #expect(stills.count == 6)
        let hashes = try Set(stills.map { try JobFixtures.sidecar($0)["sha256"] as? String ?? "" })
        #expect(page.rows.count == 6)
        #expect(Set(page.rows.compactMap { $0.count > 9 ? $0[9] : nil }) == hashes)
        #expect(page.text.contains("tl") && page.text.contains(id) && page.text.contains("done"))
    }

    @Test func aTwoSegmentRecordingShowsFramesOfBothAndAFrameRateChart() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "4s", segment: "2s"))
        let id = try Self.run(job)
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 2)
        let html = dir.file("rec.html")
        let result = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", html.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try ReportHTML.parse(html)
        Self.expectSelfContained(page)
        // A frame every second of each 2 s file.
        #expect(page.tiles.count == 4)
        #expect(page.tileJPEGs.allSatisfy { $0 != nil })
        for video in videos {
            #expect(page.captions.filter { $0.hasPrefix("rec/\(video.lastPathComponent) ") }.count == 2, "\(page.captions)")
        }
        #expect(page.chartTitles.contains("Frame rate (fps)"))
        #expect(page.chartTitles.contains("Dropped frames per file"))
        #expect(page.rows.count == 2)

        let png = dir.file("sheet.png")
        let sheet = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", png.path])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let probe = try MediaProbe.probe(png)
        #expect(probe.codec == "png")
        // Four 320x180 tiles in one row, 8 px around each.
        #expect(probe.width == 4 * 320 + 5 * 8 && probe.height == 180 + 2 * 8, "\(probe.width)x\(probe.height)")
    }

    @Test func aFolderOfSidecarsIsReportedWithoutACatalog() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 6))
        let id = try Self.run(job)
        for name in ["catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"] {
            try? FileManager.default.removeItem(at: dir.file("out/\(name)"))
        }
        // One still unreadable: skipped with a note, the report still written.
        let stills = JobFixtures.filed(dir, ext: "jpg")
        try Data("not a jpeg".utf8).write(to: stills[2])
        let html = dir.file("dir.html")
        let result = try CamschedBinary.run(["report", dir.file("out/tl").path, "-o", html.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(stills[2].lastPathComponent), "the skipped file is named: \(result.stderr)")
        let page = try ReportHTML.parse(html)
        Self.expectSelfContained(page)
        #expect(page.tiles.count == 5 && page.missingTiles == 1)
        #expect(page.rows.count == 6)
        #expect(page.notes.contains { $0.contains(stills[2].lastPathComponent) })
        #expect(page.text.contains(id) && page.text.contains("unknown (read from sidecars)"))
        let png = dir.file("dir.png")
        #expect(try CamschedBinary.run(["report", dir.file("out").path, "-o", png.path]).status == 0)
        let probe = try MediaProbe.probe(png)
        #expect(probe.width == 5 * 320 + 6 * 8 && probe.height == 2 * 180 + 3 * 8)
    }

    @Test func aHostileJobNameInASidecarIsEscaped() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 2))
        _ = try Self.run(job)
        let hostile = "<script>alert(1)</script><img src=//evil.example/x>"
        for still in JobFixtures.filed(dir, ext: "jpg") {
            let url = URL(fileURLWithPath: still.path + ".json")
            var sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
            sidecar["job"] = hostile
            sidecar["file"] = "\"><script>alert(2)</script>"
            try JSONSerialization.data(withJSONObject: sidecar).write(to: url)
        }
        let html = dir.file("hostile.html")
        let result = try CamschedBinary.run(["report", dir.file("out").path, "-o", html.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try ReportHTML.parse(html)
        Self.expectSelfContained(page)
        #expect(page.tiles.count == 2)
        #expect(page.text.contains(hostile), "shown as text")
        let raw = try String(contentsOf: html, encoding: .utf8)
        #expect(!raw.lowercased().contains("<script"))
        #expect(!raw.contains("evil.example/x>"))
    }

    @Test func badInputGetsAClearErrorAndExitTwo() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 1))
        let id = try Self.run(job)
        let root = dir.file("out").path
        let unknown = try CamschedBinary.run(["report", "no-such-run", "--root", root, "-o", dir.file("a.html").path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no run no-such-run") && unknown.stderr.contains("camsched catalog runs"), "\(unknown.stderr)")
        try FileManager.default.createDirectory(at: dir.file("empty"), withIntermediateDirectories: true)
        let empty = try CamschedBinary.run(["report", dir.file("empty").path, "-o", dir.file("b.html").path])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("holds no sidecars"), "\(empty.stderr)")
        let gif = try CamschedBinary.run(["report", id, "--root", root, "-o", dir.file("c.gif").path])
        #expect(gif.status == 2)
        #expect(gif.stderr.contains(".html") && gif.stderr.contains(".png"), "\(gif.stderr)")
        let noCatalog = try CamschedBinary.run(["report", id, "--root", dir.file("empty").path, "-o", dir.file("d.html").path])
        #expect(noCatalog.status == 2)
        #expect(noCatalog.stderr.contains("has no catalog"), "\(noCatalog.stderr)")
        let misused = try CamschedBinary.run(["report", id, "--root", root, "--run", "other", "-o", dir.file("e.html").path])
        #expect(misused.status == 2)
        #expect(misused.stderr.contains("--run other chooses a run in a folder"), "\(misused.stderr)")
        let unwritable = try CamschedBinary.run(["report", id, "--root", root, "-o", dir.file("no/such/folder/f.html").path])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("cannot write"), "\(unwritable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("a.html").path))
        #expect(!FileManager.default.fileExists(atPath: dir.file("c.gif").path))
    }
}

extension ReportCommandTests {
    /// 150 stills (one filed still and 149 copies with their own sidecars and times): the
    /// sheet keeps 100, spread from the first to the last; the table keeps all 150.
    @Test func aLongRunIsCappedAtAHundredTilesSpreadEvenly() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 1))
        _ = try Self.run(job)
        let still = try #require(JobFixtures.filed(dir, ext: "jpg").first)
        let sidecar = try JobFixtures.sidecar(still)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let start = try #require(formatter.date(from: sidecar["startedAt"] as? String ?? ""))
        for index in 1..<150 {
            let copy = still.deletingLastPathComponent().appendingPathComponent(String(format: "copy-%03d.jpg", index))
            try FileManager.default.copyItem(at: still, to: copy)
            var side = sidecar
            side["file"] = "tl/\(copy.lastPathComponent)"
            side["startedAt"] = formatter.string(from: start.addingTimeInterval(Double(index)))
            side["endedAt"] = side["startedAt"]
            side["scheduledAt"] = side["startedAt"]
            try JSONSerialization.data(withJSONObject: side).write(to: URL(fileURLWithPath: copy.path + ".json"))
        }
        let html = dir.file("long.html")
        #expect(try CamschedBinary.run(["report", dir.file("out/tl").path, "-o", html.path]).status == 0)
        let page = try ReportHTML.parse(html)
        #expect(page.tiles.count == 100)
        #expect(page.rows.count == 150)
        #expect(page.text.contains("100 of 150 pictures"))
        #expect(page.captions.first?.hasPrefix("tl/tl-000001.jpg") == true)
        #expect(page.captions.last?.hasPrefix("tl/copy-149.jpg") == true)
        let png = dir.file("long.png")
        #expect(try CamschedBinary.run(["report", dir.file("out/tl").path, "-o", png.path]).status == 0)
        let probe = try MediaProbe.probe(png)
        #expect(probe.width == 5 * 320 + 6 * 8 && probe.height == 20 * 180 + 21 * 8, "\(probe.width)x\(probe.height)")
    }
}

extension ReportCommandTests {
    /// A camera mounted at 90°: JPEG stills carry EXIF Orientation 6, videos a display matrix;
    /// the contact sheet shows both upright (portrait tiles in the landscape box).
    @Test func rotatedStillsAndVideosAreShownUpright() throws {
        let dir = try TemporaryDirectory()
        let rotated = "\"camera\": { \"device\": \"test:?size=320x180&fps=30\", \"rotation\": 90, "
        let stills = JobFixtures.interval(count: 2).replacingOccurrences(of: "\"camera\": { \"device\": \"test:?size=320x180&fps=30\", ", with: rotated)
        let record = JobFixtures.record(duration: "1s").replacingOccurrences(of: "\"camera\": { \"device\": \"test:?size=320x180&fps=30\", ", with: rotated)
        #expect(stills.contains("\"rotation\": 90") && record.contains("\"rotation\": 90"))
        var tiles: [URL] = []
        for (name, job) in [("tl", stills), ("rec", record)] {
            let id = try Self.run(try dir.write("\(name).json", job))
            let html = dir.file("\(name).html")
            let result = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", html.path])
            #expect(result.status == 0, "\(result.stderr)")
            let page = try ReportHTML.parse(html)
            #expect(!page.tiles.isEmpty)
            for (index, jpeg) in page.tileJPEGs.enumerated() {
                let file = dir.file("\(name)-\(index).jpg")
                try #require(jpeg).write(to: file)
                let probe = try MediaProbe.probe(file)
                // 320x180 fitted into 180x320 (180x102), then turned: 102 wide, 180 high.
                #expect(probe.width == 102 && probe.height == 180, "\(name) tile \(index): \(probe.width)x\(probe.height)")
                tiles.append(file)
            }
        }
        // Upright, not upside down: each tile is close to FFmpeg's own turned frame (it applies
        // the display matrix), and far from that frame flipped.
        let video = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let reference = try Self.grey(video, width: 102, height: 180)
        let flipped = stride(from: 179, through: 0, by: -1).flatMap { reference[($0 * 102)..<($0 * 102 + 102)] }
        for tile in tiles {
            let picture = try Self.grey(tile, width: 102, height: 180)
            let near = Self.meanDifference(picture, reference), far = Self.meanDifference(picture, flipped)
            #expect(near * 3 < far, "\(tile.lastPathComponent): \(near) from upright, \(far) from upside down")
        }
    }

    /// The first picture of `url` as 8-bit grey, scaled to `width`×`height` by FFmpeg.
    static func grey(_ url: URL, width: Int, height: Int) throws -> [UInt8] {
        let raw = url.appendingPathExtension("grey")
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", url.path, "-frames:v", "1", "-vf",
                                                              "scale=\(width):\(height)", "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: raw)
        #expect(data.count == width * height)
        return Array(data)
    }

    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, min(a.count, b.count)))
    }
}
