import Foundation

/// A clock handed to the `test:` camera's day scene from outside its URI: a rehearsal's
/// (`camsched run --at … --speed …`), so the scene shows the sun of the simulated time without
/// the user repeating it as `start=` and `timeScale=`.
///
/// It maps a frame's monotonic timestamp to the scene's wall time. A reference: two scene
/// clocks are equal only when they are the same clock.
package final class DaySceneClock: Sendable, Equatable {
    private let mapping: @Sendable (Int64) -> Date

    /// - Parameter time: the scene's wall time for a frame stamped with this monotonic time.
    package init(time: @escaping @Sendable (Int64) -> Date) {
        mapping = time
    }

    /// The scene's time for a frame stamped `timestampNanoseconds`.
    package func time(atNanoseconds timestampNanoseconds: Int64) -> Date { mapping(timestampNanoseconds) }

    package static func == (lhs: DaySceneClock, rhs: DaySceneClock) -> Bool { lhs === rhs }
}
