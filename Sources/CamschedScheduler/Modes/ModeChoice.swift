import CamschedCore
import CamschedCapture
import CamschedJobs
import Foundation

/// Chooses the capture mode for a job and gives it what it needs (pressure for records and intervals).
enum ModeChoice {
    static func make(job: Job, options: RunOptions, report: RunReporter, stop: StopSignal, filing: RunFiling) -> any CaptureMode {
        switch job.capture {
        case let .interval(spec):
            RetentionStep(filing: filing).apply()
            let sources = PressureSources.make(job: job, root: filing.root, options: options)
            let monitor = PressureMonitor(sources: sources.all, recoverAfter: job.throttle.recoverAfter.secondsValue)
            return IntervalMode(spec: spec, timeZone: job.timeZone, report: report, stop: stop, filing: filing, monitor: monitor,
                                ramp: ExposureRampDriver(job: job, every: spec.every), location: job.location)
        case let .burst(spec):
            RetentionStep(filing: filing).apply()
            return BurstMode(spec: spec, report: report, stop: stop, filing: filing)
        case let .record(spec):
            return RecordMode(spec: spec, camera: job.camera, timeZone: job.timeZone, report: report, stop: stop, filing: filing,
                              throttle: throttle(job: job, root: filing.root, options: options))
        case let .trigger(spec):
            return TriggerMode(spec: spec, job: job, options: options, report: report, stop: stop, filing: filing,
                               throttle: throttle(job: job, root: filing.root, options: options))
        }
    }

    /// Pressure throttling of a recording (record and trigger jobs).
    private static func throttle(job: Job, root: URL, options: RunOptions) -> RecordingThrottle {
        let sources = PressureSources.make(job: job, root: root, options: options)
        let monitor = PressureMonitor(sources: sources.all, recoverAfter: job.throttle.recoverAfter.secondsValue)
        let policy = ThrottlePolicy(serious: job.throttle.serious, critical: job.throttle.critical,
                                    stopAtShutdown: job.throttle.shutdown == .stop,
                                    recoverAfter: job.throttle.recoverAfter.secondsValue)
        return RecordingThrottle(monitor: monitor, policy: policy, lag: sources.lag)
    }
}
