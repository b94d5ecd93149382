/// The frame intervals a stepwise or continuous interval enumeration allows
/// (`v4l2_frmival_stepwise`).
package struct V4L2FractionRange: Hashable, Sendable, Codable {
    /// The shortest interval (the highest frame rate).
    package let minimum: V4L2Fraction
    /// The longest interval (the lowest frame rate).
    package let maximum: V4L2Fraction
    /// The step between intervals; 1/1 or 0 for continuous.
    package let step: V4L2Fraction

    package init(minimum: V4L2Fraction, maximum: V4L2Fraction, step: V4L2Fraction) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}
