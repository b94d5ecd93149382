import Foundation
import Testing

extension StatusGridTests {
    /// Opens the "clip" job's file browser, plays its newest clip, and reports the `<video>`'s
    /// `currentTime` after a second and a half of playing.
    static let playClip = """
        (async () => {
          const until = async (f, ms) => { const end = Date.now() + ms; while (Date.now() < end) { if (f()) return true; await new Promise((r) => setTimeout(r, 100)); } return false; };
          const card = document.querySelector('section[data-job="clip"]');
          card.querySelector('button.show-files').click();
          await until(() => card.querySelector('.files li button[data-type^="video/"]'), 5000);
          const row = card.querySelector('.files li button[data-type^="video/"]');
          if (!row) return { error: 'no clip listed: ' + card.querySelector('.files').innerText };
          row.click();
          const video = card.querySelector('.files video');
          await until(() => video.currentTime > 0.3 || video.error, 8000);
          const r = video.getBoundingClientRect();
          return { type: row.dataset.type, currentTime: video.currentTime, error: video.error ? video.error.message || String(video.error.code) : null,
                   size: [video.videoWidth, video.videoHeight], box: [r.width, r.height] };
        })()
        """

    /// Clicks "Run now" on the idle "button" job and waits for its card to say `running`.
    static let runNow = """
        (async () => {
          const until = async (f, ms) => { const end = Date.now() + ms; while (Date.now() < end) { if (f()) return true; await new Promise((r) => setTimeout(r, 100)); } return false; };
          const card = () => document.querySelector('section[data-job="button"]');
          const before = card().dataset.state;
          card().querySelector('button.run-now').click();
          await until(() => card().dataset.state === 'running', 8000);
          return { before, state: card().dataset.state, said: card().querySelector('.said')?.dataset.status ?? null };
        })()
        """

    /// Clicks "Trigger" on the running trigger job "door": the API accepts it (202) and the
    /// card says so.
    static let trigger = """
        (async () => {
          const until = async (f, ms) => { const end = Date.now() + ms; while (Date.now() < end) { if (f()) return true; await new Promise((r) => setTimeout(r, 100)); } return false; };
          const card = () => document.querySelector('section[data-job="door"]');
          const button = card().querySelector('button.trigger');
          if (!button || button.disabled) return { error: 'no enabled Trigger button', state: card().dataset.state };
          button.click();
          await until(() => card().querySelector('.said')?.dataset.status, 5000);
          return { status: card().querySelector('.said')?.dataset.status ?? null, said: card().querySelector('.said')?.textContent ?? null };
        })()
        """

    /// Six cards, none overlapping another or the viewport's right edge, their parts inside
    /// them; `perRowAtLeast`…`perRowAtMost` cards on the first row.
    static func checkGrid(_ cards: [[String: Any]], width: Int, perRowAtLeast: Int, perRowAtMost: Int = 6) throws {
        #expect(cards.count == 6, "six cards: \(cards.map { $0["job"] ?? "?" })")
        let boxes = cards.map { ($0["box"] as? [Int]) ?? [] }
        for (card, box) in zip(cards, boxes) {
            try #require(box.count == 4)
            #expect(box[0] >= 0 && box[0] + box[2] <= width, "\(card["job"] ?? "") inside the window's width: \(box)")
            for inner in (card["inner"] as? [[Int]]) ?? [] {
                #expect(inner[0] >= box[0] && inner[0] + inner[2] <= box[0] + box[2] + 1
                        && inner[1] >= box[1] && inner[1] + inner[3] <= box[1] + box[3] + 1,
                        "a part of \(card["job"] ?? "") is clipped: \(inner) in \(box)")
            }
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1]
                #expect(apart, "cards overlap: \(a) \(b)")
            }
        }
        let firstRow = boxes.filter { $0[1] == boxes[0][1] }.count
        #expect(firstRow >= perRowAtLeast && firstRow <= perRowAtMost, "\(firstRow) card(s) on the first row at \(width) px: \(boxes)")
    }

    /// Every chart has time labels (HH:MM:SS) and a scale; idle jobs say "no data yet"; the
    /// running interval job says when its next shot is, not "0 fps".
    static func checkCards(_ cards: [[String: Any]]) throws {
        let byJob = Dictionary(uniqueKeysWithValues: cards.map { ($0["job"] as? String ?? "", $0) })
        let time = /^\d{2}:\d{2}:\d{2}$/
        for card in cards where !(card["emptyChart"] as? Bool ?? true) {
            let ticks = (card["ticks"] as? [String]) ?? []
            #expect(!ticks.isEmpty && ticks.allSatisfy { $0.wholeMatch(of: time) != nil }, "\(card["job"] ?? ""): time axis \(ticks)")
            #expect((card["yTicks"] as? Int ?? 0) >= 2, "\(card["job"] ?? ""): a scale")
        }
        #expect(byJob["porch"]?["emptyChart"] as? Bool == false, "the recording has a chart")
        let yearly = try #require(byJob["yearly"])
        #expect(yearly["emptyChart"] as? Bool == true && (yearly["text"] as? String ?? "").contains("No data yet"), "\(yearly)")
        #expect((yearly["emptyMedia"] as? String)?.contains("No picture yet") == true, "\(yearly)")
        #expect((yearly["text"] as? String ?? "").contains("never run"))
        let garden = try #require(byJob["garden"])
        let next = garden["next"] as? String ?? ""
        #expect(next.wholeMatch(of: /next shot in \d+ s/) != nil, "the interval job between shots: \(next)")
        #expect((garden["text"] as? String ?? "").firstMatch(of: /fps 0|\b0 frames a second/) == nil, "\(garden["text"] ?? "")")
        #expect(byJob["porch"]?["state"] as? String == "running")
    }
}
