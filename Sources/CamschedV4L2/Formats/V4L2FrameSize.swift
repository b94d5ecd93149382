/// A frame size a pixel format offers: one discrete size with its frame intervals, or a
/// stepwise range of sizes.
package struct V4L2FrameSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The width; for a range, its smallest width.
    package let width: UInt32
    /// The height; for a range, its smallest height.
    package let height: UInt32
    /// The range of sizes, for stepwise and continuous sizes; nil for a discrete size.
    package let range: V4L2SizeRange?
    /// The discrete frame intervals (1/30 for 30 fps) of a discrete size, fastest first as
    /// the driver lists them; empty when the driver offers a range or nothing.
    package let intervals: [V4L2Fraction]
    /// The interval range, when the driver offers stepwise or continuous intervals.
    package let intervalRange: V4L2FractionRange?

    package init(width: UInt32, height: UInt32, range: V4L2SizeRange? = nil,
                intervals: [V4L2Fraction] = [], intervalRange: V4L2FractionRange? = nil) {
        self.width = width
        self.height = height
        self.range = range
        self.intervals = intervals
        self.intervalRange = intervalRange
    }

    package var isDiscrete: Bool { range == nil }

    package var description: String {
        if let range {
            return "\(range.minWidth)x\(range.minHeight)-\(range.maxWidth)x\(range.maxHeight)"
                + " step \(range.stepWidth)x\(range.stepHeight)"
        }
        return "\(width)x\(height)"
    }
}
