import Foundation

/// A time-lapse: a still every `every`, ended by exactly one of `count`, `duration` or `until`,
/// and starting at `from` when given (each bound a fixed instant or a sun-relative time: see
/// ``IntervalWindow``).
///
/// Shot k is due at start + k·every on the monotonic clock (see ``IntervalTiming``); with
/// `align`, the first shot waits for the next wall-clock multiple of `every`
/// (see ``IntervalAlignment``).
package struct IntervalSpec: Sendable, Equatable {
    /// The period between shots; more than zero.
    package var every: Duration
    /// Take this many shots.
    package var count: Int?
    /// Take shots due before start + duration.
    package var duration: Duration?
    /// Take shots due before this instant, or before this sun-relative time of the run's day.
    package var until: IntervalBound?
    /// Take no shot before this instant, or before this sun-relative time of the run's day
    /// (a run started earlier waits for it).
    package var from: IntervalBound?
    /// Fire on wall-clock multiples of `every` in the job's time zone. Default false.
    package var align: Bool
    /// Whether the stream stays open between shots. Default auto.
    package var keepOpen: KeepOpenPolicy
    /// When set, a video at this frame rate is also made from the stills when the run ends.
    package var assembleFPS: Double?
    /// `assemble.deflicker`: the assembled video's brightness is evened out over a sliding
    /// window of frames (the stills stay as taken). Default false.
    package var assembleDeflicker: Bool = false

    /// Creates an interval specification.
    package init(
        every: Duration, count: Int? = nil, duration: Duration? = nil, until: Date? = nil,
        align: Bool = false, keepOpen: KeepOpenPolicy = .auto, assembleFPS: Double? = nil
    ) {
        self.every = every
        self.count = count
        self.duration = duration
        self.until = until.map(IntervalBound.time)
        self.align = align
        self.keepOpen = keepOpen
        self.assembleFPS = assembleFPS
    }

    /// Whether `from` or `until` is a sun-relative time (which needs a location).
    package var usesSunTimes: Bool { from?.sunTime != nil || until?.sunTime != nil }

    /// Whether the stream stays open between shots under `keepOpen`: `auto` keeps it open when
    /// `every` is under 30 s.
    package var keepsStreamOpen: Bool {
        switch keepOpen {
        case .always: true
        case .never: false
        case .auto: every < .seconds(30)
        }
    }
}
