import Foundation

/// What a time-lapse assembly produced.
public struct TimelapseStats: Sendable, Equatable {
    /// Frames in the video: one per still that decoded.
    public let frames: Int
    /// Stills that did not decode and were left out.
    public let skipped: [URL]
    /// The video's size (the first still's, rounded down to even numbers).
    public let width: Int
    public let height: Int
    public let fps: Double
    public let durationSeconds: Double
    public let encoderName: String
    /// With deflicker: the largest brightness correction applied to a frame, in EV either way
    /// (0.3: a frame made 23 % brighter or darker); nil without.
    public var largestCorrectionEV: Double? = nil
}
