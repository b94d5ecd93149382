/// The sizes a stepwise or continuous frame size allows (`v4l2_frmsize_stepwise`).
package struct V4L2SizeRange: Hashable, Sendable, Codable {
    package let minWidth: UInt32
    package let maxWidth: UInt32
    package let stepWidth: UInt32
    package let minHeight: UInt32
    package let maxHeight: UInt32
    package let stepHeight: UInt32

    package init(minWidth: UInt32, maxWidth: UInt32, stepWidth: UInt32, minHeight: UInt32, maxHeight: UInt32, stepHeight: UInt32) {
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.stepWidth = stepWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.stepHeight = stepHeight
    }

    /// Whether `width`×`height` lies in the range and on its steps.
    package func contains(width: UInt32, height: UInt32) -> Bool {
        guard (minWidth...maxWidth).contains(width), (minHeight...maxHeight).contains(height) else { return false }
        let widthOnStep = stepWidth <= 1 || (width - minWidth) % stepWidth == 0
        let heightOnStep = stepHeight <= 1 || (height - minHeight) % stepHeight == 0
        return widthOnStep && heightOnStep
    }
}
