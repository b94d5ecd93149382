/// A point in the image, each coordinate 0…1, origin top-left.
public struct PointOfInterest: Sendable, Equatable {
    /// 0 = left edge, 1 = right edge.
    public var x: Double
    /// 0 = top edge, 1 = bottom edge.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
