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
    /// its output under `dir/out`, and its durations shortened. `vivid` also drops what vivid
    /// cannot do (MJPG, required focus, exposure bracketing) and uses a small size.
    /// A sun window (`from`, `until`) is dropped so that the shots start at once; `broker`
    /// replaces an `mqtt` broker.
    package static func compressed(_ url: URL, device: String, into dir: TemporaryDirectory, vivid: Bool = false,
                                  broker: String? = nil) throws -> URL {
        var job = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        job["$schema"] = nil
        var camera = job["camera"] as? [String: Any] ?? [:]
        camera["device"] = device
        camera["warmup"] = "200ms"
        if vivid {
            camera["size"] = "640x360"
            camera["fps"] = 15
            camera["pixelFormat"] = nil
            for key in ["focus", "exposure", "whiteBalance"] {
                if var setting = camera[key] as? [String: Any] { setting["required"] = nil; camera[key] = setting }
            }
        }
        camera["credentials"] = nil
        job["camera"] = camera
        var capture = job["capture"] as? [String: Any] ?? [:]
        if var interval = capture["interval"] as? [String: Any] {
            interval["every"] = "400ms"
            interval["duration"] = nil
            interval["until"] = nil
            interval["from"] = nil
            interval["count"] = 4
            interval["align"] = false
            capture["interval"] = interval
        }
        if var burst = capture["burst"] as? [String: Any] {
            burst["count"] = 2
            if vivid { burst["bracket"] = nil }
            capture["burst"] = burst
        }
        if var record = capture["record"] as? [String: Any] {
            record["duration"] = "3s"
            if record["segment"] != nil { record["segment"] = "1500ms" }
            if record["stillsEvery"] != nil { record["stillsEvery"] = "1s" }
            if record["codec"] as? String != "copy" { record["preset"] = "ultrafast" }
            capture["record"] = record
        }
        if var trigger = capture["trigger"] as? [String: Any] {
            trigger["duration"] = "3s"
            trigger["until"] = nil
            trigger["preset"] = "ultrafast"
            capture["trigger"] = trigger
        }
        job["capture"] = capture
        // `run` ignores a schedule; one that runs `always` would refuse the shortened recording.
        job["schedule"] = nil
        if var mqtt = job["mqtt"] as? [String: Any], let broker {
            mqtt["broker"] = broker
            job["mqtt"] = mqtt
        }
        var output = job["output"] as? [String: Any] ?? [:]
        output["root"] = "out"
        job["output"] = output
        let data = try JSONSerialization.data(withJSONObject: job, options: [.prettyPrinted, .sortedKeys])
        let target = dir.file(url.lastPathComponent)
        try data.write(to: target)
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
