import CamschedTestSupport
import Foundation
import Testing

/// Issue 45: a recording finished in place (its index at the end, the fragments inside one
/// `mdat`) is a plain MP4 to a browser: headless Chromium, given it by the status server's
/// file route (byte ranges), reads its duration, seeks to its middle and shows that frame.
@Suite struct FinishedMovieBrowserTests {
    /// Seeks a video of `url` (same origin, so its pixels can be read) to the middle and reports
    /// what the browser knows of it, with the luma spread of the frame it shows there.
    static func seekToTheMiddle(_ url: String) -> String {
        """
        (async () => {
          const video = document.createElement('video');
          video.muted = true; video.preload = 'auto';
          video.style = 'position:fixed;left:0;top:0;width:320px;height:180px;z-index:9999';
          document.body.appendChild(video);
          const event = (name) => new Promise((ok) => { video.addEventListener(name, ok, { once: true }); video.addEventListener('error', ok, { once: true }); });
          const loaded = event('loadedmetadata'); video.src = '\(url)'; await loaded;
          if (video.error) return { error: video.error.message || String(video.error.code) };
          const duration = video.duration;
          const seeked = event('seeked'); video.currentTime = duration / 2; await seeked;
          await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
          const canvas = document.createElement('canvas'); canvas.width = video.videoWidth; canvas.height = video.videoHeight;
          const g = canvas.getContext('2d'); g.drawImage(video, 0, 0);
          const d = g.getImageData(0, 0, canvas.width, canvas.height).data;
          let sum = 0, squares = 0; const n = d.length / 4;
          for (let i = 0; i < d.length; i += 4) { const y = (d[i] + d[i + 1] + d[i + 2]) / 3; sum += y; squares += y * y; }
          return { duration, currentTime: video.currentTime, size: [video.videoWidth, video.videoHeight],
                   deviation: Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2)), error: video.error ? String(video.error.code) : null };
        })()
        """
    }

    @Test(.enabled(if: HeadlessChromium.path != nil, "needs Debian's chromium (make deps-test)"))
    func chromiumPlaysAFinishedRecordingAndSeeksToItsMiddle() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/clip.json", """
        {"name": "clip", "camera": {"device": "test:?size=320x180&fps=25&pace=fast", "warmup": "0s"},
         "capture": {"record": {"duration": "4s", "preset": "ultrafast"}},
         "output": {"root": "../out", "path": "{job}/{job}-{seq}"}, "schedule": {"cron": "0 0 1 1 *"}}
        """)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.post("/api/jobs/clip/run").status == 202)
        #expect(try live.wait(seconds: 30) { try live.job("clip")["lastRun"] is [String: Any] }, "\(live.log)")
        let listing = try JSONSerialization.jsonObject(with: Data(try live.get("/api/jobs/clip/files").body)) as? [String: Any]
        let file = try #require((listing?["files"] as? [[String: Any]])?.first, "\(listing ?? [:])")
        let relative = try #require(file["file"] as? String), url = try #require(file["url"] as? String)
        #expect(try FinishKillTests.topLevelBoxes(dir.file("out/\(relative)")) == ["ftyp", "mdat", "moov"], "finished in place")

        let shot = dir.file("middle.png")
        let results = try BrowserDriver.run([["viewport": [640, 400]], ["goto": "http://127.0.0.1:\(live.port)/"],
                                             ["eval": Self.seekToTheMiddle(url)], ["screenshot": shot.path]], in: dir)
        print("finished movie at its middle: \(try TestOutput.keep(shot, as: "finished-movie-middle.png").path)")
        let seen = try #require(results[2] as? [String: Any], "\(results)")
        #expect(seen["error"] is NSNull || seen["error"] == nil, "\(seen)")
        let duration = try #require(seen["duration"] as? Double, "\(seen)")
        #expect(abs(duration - 4) < 0.1, "the browser reads the whole duration: \(seen)")
        #expect(abs((seen["currentTime"] as? Double ?? 0) - duration / 2) < 0.1, "seeked to the middle: \(seen)")
        #expect(seen["size"] as? [Int] == [320, 180], "\(seen)")
        #expect((seen["deviation"] as? Double ?? 0) > 10, "the middle frame is a picture, not a blank: \(seen)")
        #expect(try HeadlessChromium.regionDeviation(shot, x: 0, y: 0, width: 320, height: 180, in: dir) > 10, "and it is on the page")
        _ = live.stop(SIGTERM)
    }
}
