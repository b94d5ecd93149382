/// One line of a chart: points in data units, drawn as steps (a value holds until the next).
package struct ChartSeries: Sendable, Equatable {
    /// The legend's name.
    package var name: String
    /// A CSS colour (written by our code, never from disk).
    package var colour: String
    /// (x, y) points in order of x.
    package var points: [(x: Double, y: Double)]
    /// Drawn dashed (a target, as opposed to what was measured).
    package var dashed: Bool

    /// Describes a series.
    package init(name: String, colour: String, points: [(x: Double, y: Double)], dashed: Bool = false) {
        self.name = name
        self.colour = colour
        self.points = points
        self.dashed = dashed
    }

    package static func == (lhs: ChartSeries, rhs: ChartSeries) -> Bool {
        lhs.name == rhs.name && lhs.colour == rhs.colour && lhs.dashed == rhs.dashed
            && lhs.points.map(\.x) == rhs.points.map(\.x) && lhs.points.map(\.y) == rhs.points.map(\.y)
    }
}
