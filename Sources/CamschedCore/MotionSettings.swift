/// What counts as motion (a `trigger` job's `motion`): the job model and the detector share it.
package struct MotionSettings: Sendable, Equatable {
    /// Luma difference, 0…1 of the full scale, that makes a pixel "changed".
    package var threshold: Double
    /// Fraction of the frame, 0…1, that must change for an event.
    package var area: Double
    /// Rectangles `[x, y, w, h]` in fractions of the frame that never count.
    package var ignore: [[Double]]

    /// Creates motion settings; defaults 0.03 and 0.005, nothing ignored.
    package init(threshold: Double = 0.03, area: Double = 0.005, ignore: [[Double]] = []) {
        self.threshold = threshold
        self.area = area
        self.ignore = ignore
    }
}
