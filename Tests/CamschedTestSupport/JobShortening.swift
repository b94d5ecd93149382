/// How a test shortens a job so that it runs in seconds, keeping its camera, capture kind,
/// encoder and filing: the one edit behind the example jobs' runs (``ExampleJobs``) and the
/// fuzzed runs (`JobFuzzRunTests`). A sun window (`from`, `until`) and alignment are dropped
/// so that the shots start at once; a recording or a trigger job is encoded with the fastest preset (unless it
/// copies the camera's stream, where a preset is refused); an `mqtt` broker is redirected.
package struct JobShortening: Sendable {
    /// The camera's warm-up.
    package var warmup: String
    /// What an `interval` capture's members become (`nil` drops one).
    package var interval: [(key: String, value: FuzzJSON?)]
    /// The pictures of a burst.
    package var burstCount: Int
    /// How long a recording or a trigger job lasts.
    package var duration: String
    /// The broker an `mqtt` section is moved to, if any.
    package var broker: String?

    package init(warmup: String, interval: [(key: String, value: FuzzJSON?)], burstCount: Int, duration: String, broker: String? = nil) {
        (self.warmup, self.interval, self.burstCount, self.duration, self.broker) = (warmup, interval, burstCount, duration, broker)
    }

    /// `job` shortened; what is not an object is left as it is.
    package func apply(to job: FuzzJSON) -> FuzzJSON {
        var job = job
        job.edit("camera") { $0["warmup"] = .text(warmup) }
        job.edit("capture") { capture in
            capture.edit("interval") { interval in
                for (key, value) in self.interval { interval[key] = value }
                (interval["from"], interval["until"], interval["align"]) = (nil, nil, .bool(false))
            }
            capture.edit("burst") { $0["count"] = .number("\(burstCount)") }
            for kind in ["record", "trigger"] {
                capture.edit(kind) { video in
                    (video["duration"], video["until"]) = (.text(duration), nil)
                    if video["codec"] != .text("copy") { video["preset"] = .text("ultrafast") }
                }
            }
        }
        if let broker { job.edit("mqtt") { $0["broker"] = .text(broker) } }
        return job
    }
}

extension FuzzJSON {
    /// Changes the member `key` when it is an object; leaves anything else alone.
    package mutating func edit(_ key: String, _ change: (inout FuzzJSON) -> Void) {
        guard var member = self[key], case .object = member else { return }
        change(&member)
        self[key] = member
    }
}
