internal import CV4L2Shim

/// A V4L2 fraction such as a frame interval (time per frame, 1/30 for 30 fps).
package struct V4L2Fraction: Hashable, Sendable, Codable, CustomStringConvertible {
    package var numerator: UInt32
    package var denominator: UInt32

    package init(numerator: UInt32, denominator: UInt32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    init(_ raw: v4l2_fract) { self.init(numerator: raw.numerator, denominator: raw.denominator) }

    var raw: v4l2_fract { v4l2_fract(numerator: numerator, denominator: denominator) }

    /// The value as a number (seconds, for a frame interval); 0 when the denominator is 0.
    package var value: Double { denominator == 0 ? 0 : Double(numerator) / Double(denominator) }

    /// The frame rate this frame interval means (its inverse); 0 when the numerator is 0.
    package var framesPerSecond: Double { numerator == 0 ? 0 : Double(denominator) / Double(numerator) }

    /// The frame interval for a frame rate: exactly 1/fps for whole rates, otherwise in
    /// thousandths (29.97 → 1000/29970).
    package init(framesPerSecond fps: Double) {
        if fps.rounded() == fps, fps >= 1, fps <= Double(UInt32.max) {
            self.init(numerator: 1, denominator: UInt32(fps))
        } else {
            let scaled = (fps * 1000).rounded()
            let denominator = scaled.isFinite && scaled >= 1 && scaled <= Double(UInt32.max) ? UInt32(scaled) : 1
            self.init(numerator: 1000, denominator: denominator)
        }
    }

    package var description: String { "\(numerator)/\(denominator)" }
}
