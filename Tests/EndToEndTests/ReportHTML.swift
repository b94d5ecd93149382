import CamschedTestSupport
import Foundation

/// A report page as Python's own HTML parser reads it (tests only): what the page holds is
/// checked on the parsed document, not by searching its text.
struct ReportHTML {
    var tiles: [String]
    var imageSources: [String]
    var links: [String]
    var scripts: Int
    var svgs: Int
    var chartTitles: [String]
    var rows: [[String]]
    var captions: [String]
    var missingTiles: Int
    var notes: [String]
    var text: String

    static let parser = #"""
    import json, sys
    from html.parser import HTMLParser
    class P(HTMLParser):
        def __init__(s):
            super().__init__(); s.d = dict(tiles=[], imageSources=[], links=[], scripts=0, svgs=0, chartTitles=[], rows=[],
                captions=[], missingTiles=0, notes=[], text=""); s.stack = []; s.cell = None; s.cap = None; s.title = None; s.note = None
        def handle_starttag(s, tag, attrs):
            a = dict(attrs); cls = a.get("class") or ""
            for k in ("src", "href", "xlink:href", "action", "srcset", "poster", "data"):
                if k in a: (s.d["imageSources"] if k == "src" else s.d["links"]).append(a[k])
            if tag == "script": s.d["scripts"] += 1
            if tag == "link" or tag == "iframe" or tag == "object": s.d["links"].append(tag)
            if tag == "svg": s.d["svgs"] += 1
            if tag == "img" and "tile" in s.labels(): s.d["tiles"].append(a.get("src", ""))
            if tag == "div" and cls == "missing": s.d["missingTiles"] += 1
            if tag == "tr" and "tbody" in s.labels(): s.d["rows"].append([])
            if tag == "td" and "tbody" in s.labels(): s.cell = ""
            if tag == "figcaption": s.cap = ""
            if tag == "text" and cls == "title": s.title = ""
            if tag == "li" and "notes" in s.labels(): s.note = ""
            if tag in ("img", "meta", "br", "link", "input", "hr", "source"): return
            s.stack.append((tag, cls if cls == "tile" else a.get("id") if a.get("id") == "notes" else tag))
        def labels(s): return [label for _, label in s.stack]
        def handle_endtag(s, tag):
            if tag == "td" and s.cell is not None: s.d["rows"][-1].append(s.cell); s.cell = None
            if tag == "figcaption": s.d["captions"].append(s.cap); s.cap = None
            if tag == "text" and s.title is not None: s.d["chartTitles"].append(s.title); s.title = None
            if tag == "li" and s.note is not None: s.d["notes"].append(s.note); s.note = None
            if any(t == tag for t, _ in s.stack):
                while s.stack and s.stack.pop()[0] != tag: pass
        def handle_data(s, data):
            s.d["text"] += data
            for k in ("cell", "cap", "title", "note"):
                if getattr(s, k) is not None: setattr(s, k, getattr(s, k) + data)
    p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read()); print(json.dumps(p.d))
    """#

    static func parse(_ url: URL) throws -> ReportHTML {
        let result = try ProcessRunner.run("/usr/bin/python3", ["-c", parser, url.path], timeout: 60)
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw MediaProbe.ProbeError.failed(url.path, result.stderr)
        }
        return ReportHTML(
            tiles: object["tiles"] as? [String] ?? [], imageSources: object["imageSources"] as? [String] ?? [],
            links: object["links"] as? [String] ?? [], scripts: object["scripts"] as? Int ?? -1, svgs: object["svgs"] as? Int ?? 0,
            chartTitles: object["chartTitles"] as? [String] ?? [], rows: object["rows"] as? [[String]] ?? [],
            captions: object["captions"] as? [String] ?? [], missingTiles: object["missingTiles"] as? Int ?? 0,
            notes: object["notes"] as? [String] ?? [], text: object["text"] as? String ?? "")
    }

    /// Each tile's JPEG, decoded from its `data:` URI (nil when the URI is anything else).
    var tileJPEGs: [Data?] {
        let prefix = "data:image/jpeg;base64,"
        return tiles.map { $0.hasPrefix(prefix) ? Data(base64Encoded: String($0.dropFirst(prefix.count))) : nil }
    }
}
