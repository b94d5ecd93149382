import CamschedTestSupport
import Foundation
import Testing

/// The file browser's downloads: only what the job filed, with byte ranges, and nothing else
/// under (or outside) its root — `..`, a symbolic link out of the root, a file camsched did not
/// file, a sidecar, a filed file swapped for a link.
@Suite(.serialized) struct StatusFileRangeTests {
    @Test func filedClipsAreServedInRangesAndNothingElse() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/clip.json", """
        {"name": "clip", "camera": {"device": "test:?size=320x180&fps=25&pace=fast", "warmup": "0s"},
         "capture": {"record": {"duration": "2s", "preset": "ultrafast"}},
         "output": {"root": "../out", "path": "{job}/{job}-{seq}"}, "schedule": {"cron": "0 0 1 1 *"}}
        """)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.post("/api/jobs/clip/run").status == 202)
        #expect(try live.wait(seconds: 20) { try live.job("clip")["lastRun"] is [String: Any] }, "\(live.log)")
        let listing = try JSONSerialization.jsonObject(with: Data(try live.get("/api/jobs/clip/files").body)) as? [String: Any]
        let file = try #require((listing?["files"] as? [[String: Any]])?.first, "\(listing ?? [:])")
        #expect(file["kind"] as? String == "segment" && file["type"] as? String == "video/mp4", "\(file)")
        let relative = try #require(file["file"] as? String), url = try #require(file["url"] as? String)
        let onDisk = [UInt8](try Data(contentsOf: dir.file("out/\(relative)")))
        #expect(onDisk.count > 1000 && file["bytes"] as? Int == onDisk.count)

        let whole = try live.get(url)
        #expect(whole.status == 200 && whole.body == onDisk && whole.headers["accept-ranges"] == "bytes")
        let part = try live.get(url, headers: ["Range": "bytes=100-1099"])
        #expect(part.status == 206 && part.headers["content-range"] == "bytes 100-1099/\(onDisk.count)")
        #expect(part.body == Array(onDisk[100...1099]), "exactly the asked bytes")
        let tail = try live.get(url, headers: ["Range": "bytes=-77"])
        #expect(tail.status == 206 && tail.body == Array(onDisk.suffix(77)))
        let open = try live.get(url, headers: ["Range": "bytes=\(onDisk.count - 10)-"])
        #expect(open.status == 206 && open.body == Array(onDisk.suffix(10)))
        let past = try live.get(url, headers: ["Range": "bytes=\(onDisk.count)-"])
        #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(onDisk.count)", "\(past.status)")

        // A new process knows the file from the catalog alone (its own list is empty).
        #expect(live.stop(SIGTERM) == 143)
        let again = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        let relisted = try JSONSerialization.jsonObject(with: Data(try again.get("/api/jobs/clip/files").body)) as? [String: Any]
        #expect((relisted?["files"] as? [[String: Any]])?.compactMap { $0["file"] as? String } == [relative], "\(relisted ?? [:])")
        #expect(try again.get(url).body == onDisk, "served from the catalog's row")

        // Not filed by camsched, or not a file of the job: refused whatever the path says.
        let folder = dir.file("out/clip")
        try Data("not a clip".utf8).write(to: folder.appendingPathComponent("planted.mp4"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("passwd.mp4").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: dir.file("out/etc").path, withDestinationPath: "/etc")
        for path in ["/jobs/clip/files/clip/planted.mp4", "/jobs/clip/files/clip/passwd.mp4", "/jobs/clip/files/etc/passwd",
                     "/jobs/clip/files/\(relative).json", "/jobs/clip/files/catalog.sqlite",
                     "/jobs/clip/files/../jobs/clip.json", "/jobs/clip/files/clip/../../jobs/clip.json",
                     "/jobs/clip/files/%2e%2e/jobs/clip.json", "/jobs/clip/files/clip%2F..%2F..%2Fjobs%2Fclip.json",
                     "/jobs/nope/files/\(relative)"] {
            let refused = try again.get(path)
            #expect(refused.status == 404 || refused.status == 400, "\(path): \(refused.status)")
            #expect(!refused.text.contains("root:") && !refused.text.contains("\"capture\""), "\(path) leaked a file")
        }
        // A filed file swapped for a link out of the root is not followed.
        let filed = dir.file("out/\(relative)")
        try FileManager.default.moveItem(at: filed, to: dir.file("moved.mp4"))
        try FileManager.default.createSymbolicLink(atPath: filed.path, withDestinationPath: "/etc/passwd")
        let swapped = try again.get(url)
        #expect(swapped.status == 404 && !swapped.text.contains("root:"), "\(swapped.status)")
        _ = again.stop(SIGTERM)
    }
}
