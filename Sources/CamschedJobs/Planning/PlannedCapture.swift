import Foundation

/// One capture a fire would make: a still of an interval, a shot of a burst, or a recording.
public struct PlannedCapture: Sendable, Equatable {
    /// What the capture files.
    public enum Kind: String, Sendable, Equatable {
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

    public var kind: Kind
    /// 0-based: shot number within the fire (for bursts, counting every bracketed still).
    public var index: Int
    /// When the capture is due.
    public var at: Date
    /// For recordings and triggered clips: how long (nil: until stopped).
    public var duration: Duration?
    /// For recordings: how many files (segments) it makes.
    public var segmentCount: Int?
    /// For bracketed bursts: the exposure offset in EV.
    public var exposureOffset: Double?

    /// Creates a planned capture.
    public init(kind: Kind, index: Int, at: Date, duration: Duration? = nil, segmentCount: Int? = nil,
                exposureOffset: Double? = nil) {
        self.kind = kind
        self.index = index
        self.at = at
        self.duration = duration
        self.segmentCount = segmentCount
        self.exposureOffset = exposureOffset
    }
}
