import Foundation

extension StatusBoard {
    /// Shortest period between two chart samples.
    static let samplePeriod: TimeInterval = 0.9

    /// Reads each job's frame tap (atomics only): the frame and drop counters go to the metrics
    /// at once; a chart sample (fps, drops, pressure) is added once per ``samplePeriod``.
    /// Called by the server's one-second ticker and before each `/metrics` or status answer.
    package func refresh(now: Date = Date()) {
        let taps = self.taps.withLock { Array($0) }
        for (name, tap) in taps {
            let frames = tap.framesSeen
            let dropped = tap.framesDropped
            let lag = tap.lagSeconds
            var newFrames = 0, newDrops = 0, fps: Double?, target: Double?
            update(name) { status in
                newFrames = frames - status.framesReported
                newDrops = dropped - status.droppedReported
                status.framesReported = frames
                status.droppedReported = dropped
                guard let last = status.sampledAt else {
                    (status.sampledAt, status.framesAtSample) = (now, frames)
                    return
                }
                let elapsed = now.timeIntervalSince(last)
                guard elapsed >= Self.samplePeriod else { return }
                status.fps = status.phase == .idle ? 0 : Double(frames - status.framesAtSample) / elapsed
                (status.sampledAt, status.framesAtSample) = (now, frames)
                fps = status.fps
                target = status.phase == .idle ? nil : (status.fpsInForce ?? status.requestedFPS ?? tap.cameraFPS)
                if status.phase != .idle {
                    status.samples.append(StatusSample(at: now, fps: status.fps,
                                                       dropped: dropped - status.droppedAtRunStart,
                                                       pressure: Self.rank(status.pressureLevel)))
                }
            }
            metrics.count(StatusMetrics.Name.framesCaptured, job: name, by: max(0, newFrames))
            metrics.count(StatusMetrics.Name.framesDropped, job: name, by: max(0, newDrops))
            if let fps {
                metrics.gauge(StatusMetrics.Name.fps, job: name, fps)
                if let target = target, target > 0 { metrics.gauge(StatusMetrics.Name.fpsTarget, job: name, target) }
                metrics.gauge(StatusMetrics.Name.encoderLag, job: name, tap.isStreaming ? (lag * fps).rounded(.down) : 0)
            }
        }
    }
}
