import Foundation

/// One capture a fire would make: a still of an interval, a shot of a burst, or a recording.
package struct PlannedCapture: Sendable, Equatable {
    /// What the capture files.
    package enum Kind: String, Sendable, Equatable {
        /// A still of an interval (time-lapse).
        case still
        /// A still of a burst.
        case burst
        /// A recording (one entry for all its segments).
        case recording
        /// Triggered clips: one entry for the time the job watches (its duration; none when
        /// it runs until stopped), however many events it files.
        case triggered
    }

    package var kind: Kind
    /// 0-based: shot number within the fire (for bursts, counting every bracketed still).
    package var index: Int
    /// When the capture is due.
    package var at: Date
    /// For recordings and triggered clips: how long (nil: until stopped).
    package var duration: Duration?
    /// For recordings: how many files (segments) it makes.
    package var segmentCount: Int?
    /// For bracketed bursts: the exposure offset in EV.
    package var exposureOffset: Double?

    /// Creates a planned capture.
    package init(kind: Kind, index: Int, at: Date, duration: Duration? = nil, segmentCount: Int? = nil,
                exposureOffset: Double? = nil) {
        self.kind = kind
        self.index = index
        self.at = at
        self.duration = duration
        self.segmentCount = segmentCount
        self.exposureOffset = exposureOffset
    }
}
