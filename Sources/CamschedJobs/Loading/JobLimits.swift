/// The accepted range of every number in a job file, in one place so that the decoder, the
/// job reference and `job.schema.json` say the same thing.
///
/// The bounds are generous for real cameras and tight enough that no later conversion
/// (seconds → nanoseconds, a ratio → a V4L2 control value, fps → an encoder time base) can
/// overflow: a value outside them is a validation error naming its JSON path, never a crash.
package enum JobLimits {
    /// Frames per second of `camera.fps`, `burst.fps` and the `throttle` limits.
    package static let frameRate: ClosedRange<Double> = 0.1...1_000
    /// Frames per second of `capture.interval.assemble.fps` and `camsched assemble --fps`.
    package static let assembleFrameRate: ClosedRange<Double> = 0.1...240
    /// The longest output root, in bytes once made absolute: its catalog and the rebuild's
    /// temporary file (`ROOT/catalog.sqlite.rebuilding-PID-journal`) must stay within the
    /// 512 bytes SQLite takes for a database path.
    package static let outputRootBytes = 460
    /// `camera.zoom`, a ratio to the widest setting.
    package static let zoom: ClosedRange<Double> = 1...100
    /// `{"manual": VALUE}` of focus, exposure and white balance: V4L2's 32-bit control range.
    package static let manualControl: ClosedRange<Double> = -2_147_483_648...2_147_483_647
    /// `camera.exposure`'s ramp `maxExposure`: 1 µs to an hour (and never more than the interval's `every`).
    package static let rampExposure: ClosedRange<Duration> = .microseconds(1)...(.seconds(3_600))
    /// `camera.exposure`'s ramp `maxGain`, a factor: 1× to 1024×.
    package static let rampGain: ClosedRange<Double> = 1...1_024
    /// `camera.exposure`'s ramp `maxStep` in EV per shot (more than 0).
    package static let rampStep: ClosedRange<Double> = 0...3
    /// `camera.warmup`, and `camsched snapshot --warmup` in seconds.
    package static let warmup: ClosedRange<Duration> = .zero...(.seconds(60))
    /// `capture.interval.every`.
    package static let intervalPeriod: ClosedRange<Duration> = .milliseconds(1)...maximumDuration
    /// `capture.interval.count`.
    package static let intervalCount: ClosedRange<Int64> = 1...100_000_000
    /// `capture.burst.count`.
    package static let burstCount: ClosedRange<Int64> = 1...100_000
    /// `capture.burst.bracket` offsets in EV.
    package static let bracketOffset: ClosedRange<Double> = -10...10
    /// `capture.burst.bracket`: number of offsets.
    package static let bracketLength = 0...32
    /// `capture.record.segment`.
    package static let segment: ClosedRange<Duration> = .seconds(1)...maximumDuration
    /// `throttle.recoverAfter`.
    package static let recoverAfter: ClosedRange<Duration> = .zero...(.seconds(86_400))
    /// `hooks.timeout`.
    package static let hookTimeout: ClosedRange<Duration> = .milliseconds(1)...(.seconds(86_400))
    /// `still.quality`.
    package static let stillQuality: ClosedRange<Int64> = 1...100
    /// Any other duration that must be more than zero: 1 ns up to 100 years.
    package static let positiveDuration: ClosedRange<Duration> = .nanoseconds(1)...maximumDuration
    /// The longest duration anywhere: 100 years of 365 days.
    package static let maximumDuration: Duration = .seconds(Int64(DurationParser.maximumSeconds))
    /// `retention.maxSize` and `retention.minFree`: up to 1 EB (10^18 bytes).
    package static let maximumBytes: Int64 = 1_000_000_000_000_000_000
    /// `record.bitrate`, bits per second: 1 kbit/s to 10 Gbit/s.
    package static let bitRate: ClosedRange<Int> = 1_000...10_000_000_000
    /// `output.catalog` as a PostgreSQL URL, in bytes.
    package static let maximumCatalogURLBytes = FleetCatalogURL.maximumBytes
    /// `capture.trigger.preRoll`: held in memory as encoded packets, so kept short.
    package static let preRoll: ClosedRange<Duration> = .zero...(.seconds(60))
    /// `capture.trigger.postRoll`.
    package static let postRoll: ClosedRange<Duration> = .zero...(.seconds(3_600))
    /// `capture.trigger.maxClip`.
    package static let maxClip: ClosedRange<Duration> = .seconds(1)...(.seconds(86_400))
    /// `capture.trigger.cooldown`.
    package static let cooldown: ClosedRange<Duration> = .zero...(.seconds(86_400))
    /// `capture.trigger.motion.threshold` and `area`: fractions.
    package static let motionFraction: ClosedRange<Double> = 0...1
    /// `capture.trigger.motion.ignore`: number of rectangles.
    package static let ignoreRectangles = 0...64
    /// `location.latitude` in degrees, north positive.
    package static let latitude: ClosedRange<Double> = -90...90
    /// `location.longitude` in degrees, east positive.
    package static let longitude: ClosedRange<Double> = -180...180
    /// `location.elevation` in metres: from the Dead Sea shore to above Everest's summit.
    package static let elevation: ClosedRange<Double> = -500...9_000
    /// `output.root` and `output.path`, in bytes of UTF-8: Linux's `PATH_MAX`.
    package static let maximumPathBytes = 4_096
}
