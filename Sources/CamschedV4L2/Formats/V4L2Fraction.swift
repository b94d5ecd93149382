internal import CV4L2Shim

/// A V4L2 fraction such as a frame interval (time per frame, 1/30 for 30 fps).
public struct V4L2Fraction: Hashable, Sendable, Codable, CustomStringConvertible {
    public var numerator: UInt32
    public var denominator: UInt32

    public init(numerator: UInt32, denominator: UInt32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    init(_ raw: v4l2_fract) { self.init(numerator: raw.numerator, denominator: raw.denominator) }

    var raw: v4l2_fract { v4l2_fract(numerator: numerator, denominator: denominator) }

    /// The value as a number (seconds, for a frame interval); 0 when the denominator is 0.
    public var value: Double { denominator == 0 ? 0 : Double(numerator) / Double(denominator) }

    /// The frame rate this frame interval means (its inverse); 0 when the numerator is 0.
    public var framesPerSecond: Double { numerator == 0 ? 0 : Double(denominator) / Double(numerator) }

    /// The frame interval for a frame rate: exactly 1/fps for whole rates, otherwise in
    /// thousandths (29.97 → 1000/29970).
    public init(framesPerSecond fps: Double) {
        if fps.rounded() == fps, fps >= 1, fps <= Double(UInt32.max) {
            self.init(numerator: 1, denominator: UInt32(fps))
        } else {
            let scaled = (fps * 1000).rounded()
            let denominator = scaled.isFinite && scaled >= 1 && scaled <= Double(UInt32.max) ? UInt32(scaled) : 1
            self.init(numerator: 1000, denominator: denominator)
        }
    }

    public var description: String { "\(numerator)/\(denominator)" }
}
