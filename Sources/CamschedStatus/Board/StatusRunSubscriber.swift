import CamschedFiling
import CamschedScheduler
import Foundation

/// Turns one run's events into status board updates and metrics. Runs on the publishing
/// thread: every branch is a short update, nothing waits.
struct StatusRunSubscriber: RunEventSubscriber {
    let job: String
    let requestedFPS: Double?
    let board: StatusBoard

    private var metrics: StatusMetrics { board.metrics }

    func receive(_ timed: TimedRunEvent) {
        switch timed.event {
        case let .started(start):
            let dropped = board.existingTap(for: job)?.framesDropped ?? 0
            board.update(job) { status in
                status.phase = .running
                status.throttled = false
                status.runID = start.run
                status.kind = start.kind
                status.runStartedAt = timed.time
                status.filesThisRun = 0
                status.pressureLevel = "nominal"
                status.samples.removeAll()
                status.droppedAtRunStart = dropped
                status.requestedFPS = requestedFPS
                status.fpsInForce = nil
            }
            metrics.gauge(StatusMetrics.Name.cameraUp, job: job, 1)
            metrics.gauge(StatusMetrics.Name.pressureLevel, job: job, 0)
            if let requestedFPS { metrics.gauge(StatusMetrics.Name.fpsTarget, job: job, requestedFPS) }
        case let .captured(still):
            filed(kind: still.kind.rawValue, location: still.location, at: still.startedAt)
            board.update(job) { $0.keep(JobStatus.Still(path: still.location.url, relativePath: still.location.relativePath, at: still.startedAt)) }
            if let due = still.scheduledAt { metrics.lateness(job: job, seconds: still.startedAt.timeIntervalSince(due)) }
        case let .segmentFiled(segment):
            filed(kind: segment.kind.rawValue, location: segment.location, at: timed.time)
        case let .pressureChanged(pressure):
            pressureChanged(pressure)
        case .interrupted:
            board.update(job) { $0.phase = .waitingForCamera }
            metrics.gauge(StatusMetrics.Name.cameraUp, job: job, 0)
        case .resumed:
            board.update(job) { $0.phase = .running }
            metrics.gauge(StatusMetrics.Name.cameraUp, job: job, 1)
        case let .done(summary):
            done(summary, at: timed.time)
        case let .trigger(trigger):
            // Every event of a trigger job, motion or external (HTTP, socket, SIGUSR1), counted once here.
            metrics.count(StatusMetrics.Name.triggers, job: job, kind: trigger.kind.rawValue, by: 1)
        case let .skipped(count, _, _):
            metrics.count(StatusMetrics.Name.shotsSkipped, job: job, by: count)
        // The plan and the rate are the progress line's: the board takes its fps and dropped
        // frames from the frame tap, as it did before they existed.
        case .planned, .rate, .warning, .error:
            break
        }
    }

    private func filed(kind: String, location: FiledLocation, at time: Date) {
        metrics.count(StatusMetrics.Name.filesFiled, job: job, kind: kind, by: 1)
        metrics.count(StatusMetrics.Name.bytesFiled, job: job, kind: kind, by: Int(clamping: location.bytes))
        let file = FiledFile(relativePath: location.relativePath, kind: kind, bytes: location.bytes, at: time)
        board.update(job) { status in
            status.filesThisRun += 1
            status.keep(file)
        }
    }

    private func pressureChanged(_ pressure: RunEvent.Pressure) {
        let throttled = pressure.method.throttles && pressure.level >= .serious
        board.update(job) { status in
            status.pressureLevel = pressure.level.rawValue
            status.pressureReason = pressure.reason
            status.throttled = throttled
            if let fps = pressure.fps, fps > 0 { status.fpsInForce = fps }
        }
        metrics.gauge(StatusMetrics.Name.pressureLevel, job: job, Double(StatusBoard.rank(pressure.level.rawValue)))
        if let fps = pressure.fps, fps > 0 { metrics.gauge(StatusMetrics.Name.fpsTarget, job: job, fps) }
    }

    private func done(_ summary: RunEvent.Summary, at time: Date) {
        board.refresh(now: time)
        board.update(job) { status in
            status.phase = .idle
            status.throttled = false
            status.fpsInForce = nil
            // The catalog's words for how a run ended (done, failed, skipped, interrupted), as /api/runs shows them.
            let ended = summary.status == .skipped ? "skipped" : CatalogRun.Status(exitCode: Int(summary.exitCode)).rawValue
            status.lastRun = .init(id: summary.run, status: ended, endedAt: time, files: summary.filesTotal)
        }
        metrics.gauge(StatusMetrics.Name.cameraUp, job: job, 0)
        metrics.gauge(StatusMetrics.Name.fps, job: job, 0)
        if summary.exitCode == 0 {
            metrics.gauge(StatusMetrics.Name.lastSuccess, job: job, time.timeIntervalSince1970)
        }
    }
}
