import CamschedTestSupport
import Foundation

/// Job files for end-to-end tests, written into a temporary folder.
enum JobFixtures {
    /// An interval job on the test camera.
    static func interval(name: String = "tl", device: String = "test:?size=320x180&fps=30", every: String = "200ms",
                         count: Int = 5, extra: String = "") -> String {
        """
        {
          "name": "\(name)",
          "camera": { "device": "\(device)", "warmup": "100ms" },
          "capture": { "interval": { "every": "\(every)", "count": \(count) } },
          "still": { "format": "jpeg", "quality": 85 },
          "output": { "root": "out", "path": "{job}/{job}-{seq}" }\(extra)
        }
        """
    }

    /// A recording job on the test camera.
    static func record(name: String = "rec", device: String = "test:?size=320x180&fps=30", duration: String = "3s",
                       segment: String? = nil, container: String = "mp4", extraCapture: String = "", extra: String = "") -> String {
        let seg = segment.map { ", \"segment\": \"\($0)\"" } ?? ""
        return """
        {
          "name": "\(name)",
          "camera": { "device": "\(device)", "warmup": "0s" },
          "capture": { "record": { "duration": "\(duration)"\(seg), "preset": "ultrafast", "container": "\(container)"\(extraCapture) } },
          "output": { "root": "out", "path": "{job}/{job}-{seq}" }\(extra)
        }
        """
    }

    /// Parses NDJSON lines into objects.
    static func events(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Reads a sidecar.
    static func sidecar(_ url: URL) throws -> [String: Any] { try FiledOutput.sidecar(url) }

    /// Files under `dir/out` with an extension, sorted.
    static func filed(_ dir: TemporaryDirectory, ext: String) -> [URL] { FiledOutput.filed(dir, ext: ext) }
}
