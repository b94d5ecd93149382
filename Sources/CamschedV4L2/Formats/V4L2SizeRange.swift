/// The sizes a stepwise or continuous frame size allows (`v4l2_frmsize_stepwise`).
public struct V4L2SizeRange: Hashable, Sendable, Codable {
    public let minWidth: UInt32
    public let maxWidth: UInt32
    public let stepWidth: UInt32
    public let minHeight: UInt32
    public let maxHeight: UInt32
    public let stepHeight: UInt32

    public init(minWidth: UInt32, maxWidth: UInt32, stepWidth: UInt32, minHeight: UInt32, maxHeight: UInt32, stepHeight: UInt32) {
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.stepWidth = stepWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.stepHeight = stepHeight
    }

    /// Whether `width`×`height` lies in the range and on its steps.
    public func contains(width: UInt32, height: UInt32) -> Bool {
        guard (minWidth...maxWidth).contains(width), (minHeight...maxHeight).contains(height) else { return false }
        let widthOnStep = stepWidth <= 1 || (width - minWidth) % stepWidth == 0
        let heightOnStep = stepHeight <= 1 || (height - minHeight) % stepHeight == 0
        return widthOnStep && heightOnStep
    }
}
