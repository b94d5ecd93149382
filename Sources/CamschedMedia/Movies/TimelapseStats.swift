import Foundation

/// What a time-lapse assembly produced.
package struct TimelapseStats: Sendable, Equatable {
    /// Frames in the video: one per still that decoded.
    package let frames: Int
    /// Stills that did not decode and were left out.
    package let skipped: [URL]
    /// The video's size (the first still's, rounded down to even numbers).
    package let width: Int
    package let height: Int
    package let fps: Double
    package let durationSeconds: Double
    package let encoderName: String
    /// With deflicker: the largest brightness correction applied to a frame, in EV either way
    /// (0.3: a frame made 23 % brighter or darker); nil without.
    package var largestCorrectionEV: Double? = nil
}
