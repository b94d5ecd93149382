import Foundation

/// The example jobs of `jobs/`, compressed in time so a test can run each end to end: the
/// same camera settings, capture kind, encoder and filing, with seconds instead of hours.
package enum ExampleJobs {
    package static var urls: [URL] {
        let folder = CamschedBinary.repository.appendingPathComponent("jobs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A copy of the example at `url` written into `dir`, with its camera replaced by `device`,
    /// its output under `dir/out`, and its durations shortened (``JobShortening``: four shots
    /// 400 ms apart, 3 s recordings). `vivid` also drops what vivid cannot do (MJPG, required
    /// focus, exposure bracketing) and uses a small size. `broker` replaces an `mqtt` broker.
    package static func compressed(_ url: URL, device: String, into dir: TemporaryDirectory, vivid: Bool = false,
                                  broker: String? = nil) throws -> URL {
        let shortening = JobShortening(warmup: "200ms", interval: [("every", .text("400ms")), ("duration", nil), ("count", .number("4"))],
                                       burstCount: 2, duration: "3s", broker: broker)
        var job = shortening.apply(to: try FuzzJSON(parsing: Data(contentsOf: url)))
        job["$schema"] = nil
        job["camera"] = job["camera"] ?? .object([])
        job.edit("camera") { camera in
            (camera["device"], camera["credentials"]) = (.text(device), nil)
            guard vivid else { return }
            (camera["size"], camera["fps"], camera["pixelFormat"]) = (.text("640x360"), .number("15"), nil)
            for key in ["focus", "exposure", "whiteBalance"] { camera.edit(key) { $0["required"] = nil } }
        }
        job.edit("capture") { capture in
            if vivid { capture.edit("burst") { $0["bracket"] = nil } }
            capture.edit("record") { record in
                if record["segment"] != nil { record["segment"] = .text("1500ms") }
                if record["stillsEvery"] != nil { record["stillsEvery"] = .text("1s") }
            }
        }
        // `run` ignores a schedule; one that runs `always` would refuse the shortened recording.
        job["schedule"] = nil
        job["output"] = job["output"] ?? .object([])
        job.edit("output") { $0["root"] = .text("out") }
        let target = dir.file(url.lastPathComponent)
        try Data(job.bytes).write(to: target)
        return target
    }

    /// What a compressed example must have filed: (stills, videos). A 3 s recording with a
    /// still every second files 3 or 4 stills (at 0, 1, 2 and, by a frame, 3 s).
    package static func expectedFiles(_ name: String, vivid: Bool = false) -> (stills: ClosedRange<Int>, videos: Int) {
        switch name {
        case "burst.json": return (vivid ? 2...2 : 6...6, 0)
        case "demo.json": return (4...4, 0)
        case "nightly.json", "timelapse.json", "sun-timelapse.json": return (4...4, 1)
        case "network-camera.json", "home-assistant.json": return (4...4, 0)
        case "recording.json": return (3...4, 2)
        case "around-the-clock.json": return (0...0, 2)
        // The test pattern's bouncing box is motion from the second picture on: one event, its
        // key still, and one clip extended to the end.
        case "bird-feeder.json": return (1...1, 1)
        default: return (0...0, 0)
        }
    }
}
