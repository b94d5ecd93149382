/// A burst: `count` stills as fast as `fps` allows, optionally exposure-bracketed.
///
/// With `bracket`, each of the `count` shots is a set of one still per exposure offset, so a
/// burst files `count × bracket.count` stills.
package struct BurstSpec: Sendable, Equatable {
    /// Number of shots (bracketed sets); at least 1.
    package var count: Int
    /// Shots per second; `nil` for the camera's rate.
    package var fps: Double?
    /// Exposure offsets in EV, e.g. `[-2, 0, 2]`; empty for no bracketing.
    package var bracket: [Double]

    /// Creates a burst specification.
    package init(count: Int, fps: Double? = nil, bracket: [Double] = []) {
        self.count = count
        self.fps = fps
        self.bracket = bracket
    }
}
