import CamschedTestSupport
import Foundation
import Testing

/// The status page as a user sees it, in headless Chromium against `camsched daemon` with six
/// jobs: a grid of six cards at 1920x1080 (several a row) and at phone width (one a row), none
/// clipped; axes with times on every chart; empty states; an interval job's next shot; a
/// filed clip playing in the page's `<video>`; run-now turning a card "running"; Trigger filing a clip. Screenshots in
/// `.build/test-output/status-grid-wide.png` and `status-grid-phone.png`.
@Suite(.serialized) struct StatusGridTests {
    static func jobs(_ dir: TemporaryDirectory) throws {
        let schedule = #""schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}"#
        let output = #""output": {"root": "../out", "path": "{job}/{job}-{seq}"}"#
        // A camera of its own per job: jobs of one camera would wait for each other's lock.
        let jobs = [
            ("garden", "test:?size=320x180&fps=10", #"{"interval": {"every": "10s", "count": 100}}"#),
            ("porch", "test:?size=320x180&fps=12", #"{"record": {"duration": "60s", "preset": "ultrafast"}}"#),
            ("clip", "test:?size=320x180&fps=25&pace=fast", #"{"record": {"duration": "3s", "preset": "ultrafast"}}"#),
            ("door", "test:?size=320x180&fps=8", #"{"trigger": {"external": true, "preRoll": "1s", "postRoll": "1s", "duration": "60s", "preset": "ultrafast"}}"#),
            ("button", "test:?size=320x180&fps=15", #"{"record": {"duration": "60s", "preset": "ultrafast"}}"#),
            ("yearly", "test:?size=320x240&fps=10", #"{"interval": {"every": "1h", "count": 2}}"#),
        ]
        for (name, device, capture) in jobs {
            try dir.write("jobs/\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(device)", "warmup": "0s"}, "capture": \(capture), \(output), \(schedule)}
            """)
        }
    }

    /// Facts of the page's DOM for the assertions: each card's box, state, chart ticks, empty states.
    static let facts = """
        (async () => {
          const until = async (f, ms) => { const end = Date.now() + ms; while (Date.now() < end) { if (f()) return true; await new Promise((r) => setTimeout(r, 100)); } return false; };
          await until(() => document.querySelectorAll('section.job').length === 6 && document.querySelector('section[data-job="porch"] svg.chart .tick-x'), 10000);
          await new Promise((r) => setTimeout(r, 500));
          const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top + scrollY, r.width, r.height].map(Math.round); };
          return [...document.querySelectorAll('section.job')].map((card) => ({
            job: card.dataset.job, state: card.dataset.state, box: box(card),
            inner: [...card.querySelectorAll('.media, figure.chart, .stills, .actions')].map(box),
            ticks: [...card.querySelectorAll('svg.chart .tick-x')].map((t) => t.textContent),
            yTicks: card.querySelectorAll('svg.chart .tick-y').length,
            emptyChart: !!card.querySelector('.chart-empty'), emptyMedia: card.querySelector('.media-empty')?.textContent ?? null,
            next: card.querySelector('.next').textContent,
            text: card.innerText,
          }));
        })()
        """

    @Test(.enabled(if: BrowserDriver.available, "needs Debian's chromium (make deps-test)"))
    func sixCardsInAGridWithChartsFilesAndRunNow() throws {
        let dir = try TemporaryDirectory()
        try Self.jobs(dir)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        for job in ["garden", "porch", "clip", "door"] {
            #expect(try live.post("/api/jobs/\(job)/run").status == 202, "\(job)")
        }
        #expect(try live.wait(seconds: 20) {
            try live.job("clip")["lastRun"] is [String: Any] && !((try live.job("garden")["stills"] as? [Any]) ?? []).isEmpty
                && ((try live.job("porch")["samples"] as? [Any]) ?? []).count >= 3
        }, "\(live.log)")
        let url = "http://127.0.0.1:\(live.port)/"
        let wideShot = dir.file("wide.png"), phoneShot = dir.file("phone.png")
        let results = try BrowserDriver.run([
            ["viewport": [1920, 1080]], ["goto": url], ["eval": Self.facts], ["eval": Self.playClip], ["eval": Self.runNow],
            ["eval": Self.trigger], ["screenshot": wideShot.path],
            ["viewport": [390, 844]], ["goto": url], ["eval": Self.facts], ["screenshot": phoneShot.path],
        ], in: dir)
        print("status page screenshots: \(try TestOutput.keep(wideShot, as: "status-grid-wide.png").path) "
              + "\(try TestOutput.keep(phoneShot, as: "status-grid-phone.png").path)")
        let wide = try #require(results[2] as? [[String: Any]]), phone = try #require(results[9] as? [[String: Any]])
        try Self.checkGrid(wide, width: 1920, perRowAtLeast: 3)
        try Self.checkGrid(phone, width: 390, perRowAtLeast: 1, perRowAtMost: 1)
        try Self.checkCards(wide)
        let played = try #require(results[3] as? [String: Any])
        #expect((played["type"] as? String) == "video/mp4", "\(played)")
        #expect((played["currentTime"] as? Double ?? 0) > 0.3, "the clip plays: \(played)")
        #expect((played["error"] as? NSNull) != nil || played["error"] == nil, "\(played)")
        let ran = try #require(results[4] as? [String: Any])
        #expect(ran["state"] as? String == "running", "run-now turned the card running: \(ran)")
        #expect(ran["said"] as? String == "202", "\(ran)")
        let triggered = try #require(results[5] as? [String: Any])
        #expect(triggered["status"] as? String == "202" && triggered["said"] as? String == "trigger sent", "\(triggered)")
        #expect(try live.wait(seconds: 10) { try live.job("door")["filesThisRun"] as? Int ?? 0 >= 1 }, "the trigger filed a clip")
        _ = live.stop(SIGTERM)
    }
}
