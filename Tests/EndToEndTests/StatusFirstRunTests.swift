import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: while a job's first run was in progress its card said "last run: never run". In
/// headless Chromium against `camsched daemon`, the card says since when it runs, with the zone.
@Suite struct StatusFirstRunTests {
    static let card = """
        (async () => {
          const end = Date.now() + 10000;
          const card = () => document.querySelector('section[data-job="porch"]');
          while (Date.now() < end && !(card() && card().dataset.state === 'running')) await new Promise((r) => setTimeout(r, 100));
          while (Date.now() < end && !(card() && card().querySelector('svg.chart'))) await new Promise((r) => setTimeout(r, 100));
          return card() ? `${card().innerText}\n${document.getElementById('updated').textContent}`
            : `no running card: ${document.body.innerText.slice(0, 400)}`;
        })()
        """

    @Test(.enabled(if: BrowserDriver.available, "needs Debian's chromium (make deps-test)"))
    func aFirstRunInProgressSaysSinceWhenItRunsNotNeverRun() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/porch.json", """
            {"name": "porch", "camera": {"device": "test:?size=320x180&fps=10", "warmup": "0s"},
             "capture": {"record": {"duration": "60s", "preset": "ultrafast"}},
             "output": {"root": "../out", "path": "{job}/{job}-{seq}"}, "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
            """)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.post("/api/jobs/porch/run").status == 202)
        #expect(try live.wait(seconds: 20) { try live.job("porch")["runStartedAt"] is String }, "\(live.log)")
        let results = try BrowserDriver.run([["goto": "http://127.0.0.1:\(live.port)/"], ["eval": Self.card]], in: dir)
        _ = live.stop(SIGTERM)
        let text = try #require(results.last as? String)
        #expect(!text.contains("never run"), "\(text)")
        #expect(text.range(of: #"running since \d\d:\d\d \([^)]+\)"#, options: .regularExpression) != nil, "card: \(text)")
        // Every time on the page names its zone: the chart's legend and the page's update time.
        #expect(text.range(of: #"· times [A-Za-z+\-0-9: ]+"#, options: .regularExpression) != nil, "card: \(text)")
        #expect(text.range(of: #"updated \d\d:\d\d:\d\d \([^)]+\)"#, options: .regularExpression) != nil, "card: \(text)")
    }
}
