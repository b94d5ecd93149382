/// A point in the image, each coordinate 0…1, origin top-left.
package struct PointOfInterest: Sendable, Equatable {
    /// 0 = left edge, 1 = right edge.
    package var x: Double
    /// 0 = top edge, 1 = bottom edge.
    package var y: Double

    /// Creates a point.
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
