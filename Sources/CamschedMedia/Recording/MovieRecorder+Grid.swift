import CamschedCore
import Foundation

/// Where segments are cut: on a grid from the recording's first frame, or on the wall clock's.
extension MovieRecorder {
    /// Whether segments begin on the wall clock's grid (``CutPolicy/segments(lengthNanoseconds:clockZone:)``).
    var alignsToClock: Bool {
        if case .segments(_, _?) = configuration.cuts { return true }
        return false
    }

    func nextBoundary(after time: Int64) -> Int64 {
        guard case let .segments(length?, zone) = configuration.cuts, let origin else { return .max }
        // Half a frame of slack: a frame a hair before a boundary belongs to it.
        let time = time + intervals.latest / 2
        guard let zone, let clock else { return origin + ((time - origin) / length + 1) * length }
        let wall = clock.wall(time)
        let boundary = SegmentClock.boundary(after: wall, lengthNanoseconds: length, timeZone: zone)
        return time + Int64((boundary.timeIntervalSince(wall) * 1e9).rounded())
    }
}
