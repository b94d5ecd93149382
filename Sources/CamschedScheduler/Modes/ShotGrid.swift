import CamschedCore
import Foundation

/// When interval shots are due: shot k at start + k·every, on the monotonic clock (or, for a
/// camera on its own virtual clock, on the frames' clock from the first frame on).
struct ShotGrid {
    /// Shot 0's due time on both clocks: every shot's wall time, and a frame's, is read from it.
    private(set) var timeline: CaptureTimeline
    let every: Int64
    private var followsFrames = false

    init(startMono: Int64, startWall: Date, every: Int64) {
        timeline = CaptureTimeline(anchorNanoseconds: startMono, wall: startWall)
        self.every = max(every, 1)
    }

    var startMono: Int64 { timeline.anchorNanoseconds }

    func due(_ k: Int) -> Int64 {
        let (offset, overflow) = every.multipliedReportingOverflow(by: Int64(k))
        return overflow ? .max : startMono &+ offset
    }

    func wall(_ k: Int) -> Date { timeline.anchorWall.addingTimeInterval(Double(k) * Double(every) / 1e9) }

    /// How many shots from `k` on are more than one period late at `now`, or nil when `k` is not.
    func shotsBehind(_ k: Int, now: Int64) -> Int? {
        let late = now - due(k)
        guard late > every else { return nil }
        return Int(late / every)
    }

    func lateness(_ k: Int, now: Int64) -> Double { Double(now - due(k)) / 1e9 }

    /// A virtual-time camera (`pace=fast`): the grid starts at its first frame.
    mutating func followVirtualClock(firstFrame: Int64) {
        guard !followsFrames else { return }
        followsFrames = true
        timeline = CaptureTimeline(anchorNanoseconds: firstFrame, wall: timeline.anchorWall)
    }
}
