import CamschedCapture
import CamschedJobs
import Foundation

/// Chooses the capture mode for a job and gives it what it needs (pressure for records and intervals).
enum ModeChoice {
    static func make(context: RunContext) -> any CaptureMode {
        let job = context.job
        switch job.capture {
        case let .interval(spec):
            RetentionStep(filing: context.filing).apply()
            let sources = PressureSources.make(job: job, root: context.root, options: context.options)
            let monitor = PressureMonitor(sources: sources.all, recoverAfter: job.throttle.recoverAfter.secondsValue)
            return IntervalMode(context: context, spec: spec, monitor: monitor)
        case let .burst(spec):
            RetentionStep(filing: context.filing).apply()
            return BurstMode(context: context, spec: spec)
        case let .record(spec):
            return RecordMode(context: context, spec: spec, throttle: throttle(context))
        case let .trigger(spec):
            return TriggerMode(context: context, spec: spec, throttle: throttle(context))
        }
    }

    /// Pressure throttling of a recording (record and trigger jobs).
    private static func throttle(_ context: RunContext) -> RecordingThrottle {
        let job = context.job
        let sources = PressureSources.make(job: job, root: context.root, options: context.options)
        let monitor = PressureMonitor(sources: sources.all, recoverAfter: job.throttle.recoverAfter.secondsValue)
        let policy = ThrottlePolicy(serious: job.throttle.serious, critical: job.throttle.critical,
                                    stopAtShutdown: job.throttle.shutdown == .stop,
                                    recoverAfter: job.throttle.recoverAfter.secondsValue)
        return RecordingThrottle(monitor: monitor, policy: policy, lag: sources.lag)
    }
}
