/// The sequence numbers of the frames a capture session delivered: their range, and how many
/// frames the camera or its driver lost between them. A V4L2 driver numbers every frame it
/// captures, so a dropped or error-flagged buffer leaves a gap (the test camera's `dropPercent`
/// does the same); frames a consumer did not take are no gap here.
///
/// Right after a frame-rate change the numbers are not trusted alone: a driver may renumber
/// there (vivid resynchronises its counter, as when a time-lapse slows the camera down between
/// shots), so for the first frames after a change a gap counts only the frames its timestamps
/// show missing at the slower of the two rates (the camera may still deliver at the old one).
/// Otherwise every number missing is a lost frame: timestamps jitter too much (vivid in an
/// emulated guest) to second-guess the driver. A jump back (the stream restarted its numbering)
/// is no loss. Counting starts at the first delivered frame.
struct DeliveredSequence {
    private(set) var first: UInt32?
    private(set) var last: UInt32?
    /// Frames lost between the delivered ones.
    private(set) var dropped = 0
    private var lastTimestamp: Int64?
    private var fps: Double
    private var interval: Int64
    private var settling: (frames: Int, interval: Int64) = (0, 0)

    init(fps: Double = 30) {
        self.fps = fps
        interval = Self.interval(fps)
    }

    /// The camera is asked for `fps` from now on; returns the rate in force before.
    @discardableResult
    mutating func rateChanging(to fps: Double) -> Double {
        let before = self.fps
        let next = Self.interval(fps)
        settling = (2, max(interval, next))
        (self.fps, interval) = (fps, next)
        return before
    }

    /// Records a delivered frame; returns how many frames were lost just before it.
    @discardableResult
    mutating func record(_ sequence: UInt32, timestampNanoseconds time: Int64) -> Int {
        defer {
            (last, lastTimestamp) = (sequence, time)
            if settling.frames > 0 { settling.frames -= 1 }
        }
        guard let last, let lastTimestamp else {
            first = sequence
            return 0
        }
        // Wrapping arithmetic: 0xFFFF_FFFF followed by 0 is continuous.
        let gap = sequence &- (last &+ 1)
        guard gap > 0, gap < 0x8000_0000 else { return 0 }
        var lost = Int(gap)
        if settling.frames > 0 {
            let byTime = (Double(time - lastTimestamp) / Double(max(settling.interval, 1))).rounded() - 1
            lost = min(lost, Int(max(0, min(byTime, Double(gap)))))
        }
        dropped += lost
        return lost
    }

    private static func interval(_ fps: Double) -> Int64 {
        Int64((1e9 / (fps.isFinite && fps > 0 ? fps : 30)).rounded())
    }
}
